/** The EMS errors list: the numbers whose emergency data failed. */
import { EMS_ERRORS_COUNT, emsErrorRecord, listBody, listParams, listReplySchema, route } from '@switchboard/domain';
import { listSource, resourceKeys } from '../../platform/resource.ts';

/** The area's contract (interim, as the domain will declare it: replaced by its import when it lands). */
export const emsErrorRoutes = {
  emsErrors: route({
    method: 'POST',
    path: `${EMS_ERRORS_COUNT.api}/:offset/:limit`,
    params: listParams,
    body: listBody,
    reply: listReplySchema(emsErrorRecord),
    tag: 'telephone-numbers',
  }),
};
export const emsErrorKeys = resourceKeys(EMS_ERRORS_COUNT.api);
export const emsErrors = listSource(emsErrorRoutes.emsErrors, { key: emsErrorKeys.lists() });
