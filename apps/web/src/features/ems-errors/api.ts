/** The EMS errors list: the numbers whose emergency data failed. */
import { EMS_ERRORS_COUNT, telephoneNumberRoutes } from '@switchboard/domain';
import { listSource, resourceKeys } from '../../platform/resource.ts';

export const emsErrorKeys = resourceKeys(EMS_ERRORS_COUNT.api);
export const emsErrors = listSource(telephoneNumberRoutes.emsErrors, { key: emsErrorKeys.lists() });
