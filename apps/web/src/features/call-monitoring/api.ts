/**
 * Call monitoring on the web: the overview of seats with the seats each monitors (the list and the
 * detail page), the monitor rows' delete, and the bulk save per source seat (the wizard and the
 * detail page's edit), all on /callmonitoring.
 */
import {
  type CallMonitoringBulk,
  type CallMonitoringBulkReply,
  callMonitoringRoutes,
  MESSAGES,
  type MonitoringOverview,
  type SaveReply,
} from '@switchboard/domain';
import { ApiError } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { type PickerOption, type PickerSource, searchedChoices } from '../../platform/fields/server-picker.tsx';
import { type ListSource, type RecordSource, resourceKeys } from '../../platform/resource.ts';

export const monitoringKeys = resourceKeys('/callmonitoring');

/** The account's seats with their monitors, paged (the overview takes its paging in the body). */
export const overviewSource: ListSource<MonitoringOverview> = {
  key: [...monitoringKeys.lists(), 'overview'],
  invalidates: [monitoringKeys.all],
  fetch: (request) => call(callMonitoringRoutes.overview, { body: request }),
};

/** A seat as the panel names it: '201 - Reception'. */
export const seatLabel = (seat: { extension: number; nickname: string }) =>
  seat.nickname ? `${seat.extension} - ${seat.nickname}` : String(seat.extension);

/** A seat as a choice of the pickers: valued by its SIP name, labelled '201 - Reception'. */
const seatChoice = (seat: MonitoringOverview): PickerOption => ({ value: seat.source, label: seatLabel(seat) });

const seatPage = (search: string, offset: number) =>
  call(callMonitoringRoutes.overview, { body: { offset, limit: 20, ...(search ? { search } : {}) } });

/** The account's seats for the pickers: the overview searched and paged on the server (issue 25). */
export const seatSource: PickerSource = {
  key: [...monitoringKeys.all, 'seats'],
  // A seat by its SIP name: the search finds it among the few whose names hold it.
  ...searchedChoices(seatPage, seatChoice),
};

/** Sets the monitors of the source seat (its SIP name); the reply lists a failure per monitor. */
export const saveMonitors = (source: string, body: CallMonitoringBulk): Promise<CallMonitoringBulkReply> =>
  call(callMonitoringRoutes.bulk, { params: { source }, body });

/** Deletes monitor rows (all or none). */
export const removeMonitors = (ids: number[]): Promise<SaveReply> =>
  ids.length === 1
    ? call(callMonitoringRoutes.removeMany, { body: { id: ids[0] as number } })
    : call(callMonitoringRoutes.removeMany, { body: { ids } });

/** One seat's monitoring (the detail page): its overview row, saved by replacing its monitors. */
export function seatMonitoring(id: string): RecordSource<MonitoringOverview, CallMonitoringBulk> {
  const key = monitoringKeys.detail(id);
  const load = async () => {
    const seatId = Number(id);
    if (!Number.isInteger(seatId) || seatId < 1) throw new ApiError(404, MESSAGES.recordNotFound);
    const page = await call(callMonitoringRoutes.overview, { body: { filters: { id: seatId } } });
    const seat = page.records[0];
    if (!seat) throw new ApiError(404, MESSAGES.recordNotFound);
    return seat;
  };
  return {
    key,
    load,
    save: async (body) => {
      const seat = await load();
      const reply = await saveMonitors(seat.source, { ...body, delete: true });
      if (!reply.success) {
        const message = reply.errors.map((e) => e.message).join('\n') || reply.message;
        throw new ApiError(400, reply.message, { monitors: message }, reply);
      }
      return reply;
    },
    invalidates: [monitoringKeys.all],
  };
}
