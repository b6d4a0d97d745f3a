/** Music on hold on the web: a media library (list, a record and its uses, delete, upload, audio). */
import { musicOnHoldRoutes } from '@switchboard/domain';
import { mediaApi } from '../../platform/media/media-api.ts';

export const music = mediaApi('/musiconhold', musicOnHoldRoutes);
