/** Call records on the web: the month's list (keyset paging), and the month's CSV as a file. */
import { callRecordRoutes } from '@switchboard/domain';
import { requestBlob } from '../../platform/api.ts';
import { queryString } from '../../platform/client.ts';
import { listSource, resourceKeys } from '../../platform/resource.ts';

export const callRecordKeys = resourceKeys('/callrecords');
export const callRecordList = listSource(callRecordRoutes.list, { key: callRecordKeys.lists() });

/** GET /callrecords/download: the month as CSV (streamed by the server). */
export const callRecordsCsv = (month: string) =>
  requestBlob('GET', `${callRecordRoutes.download.path}${queryString({ month })}`);
