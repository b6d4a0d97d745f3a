/**
 * Seats on the web: the resource at /seat (saved by PUT, or POST as the spec also does), and the
 * query keys the pages share. The next free extension, the bulk add by range, the devices and the
 * softphones are calls of the domain's seatRoutes.
 */
import { seatRoutes } from '@switchboard/domain';
import { resourceApi } from '../../platform/resource.ts';

export const seats = resourceApi('/seat', seatRoutes);
