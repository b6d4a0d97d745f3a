/** Upload of music on hold: an MP3 up to 20,000,000 bytes, a name, and the terms accepted (spec 3 §5). */
import { MESSAGES, MUSIC_NAME_MAX, MUSIC_TERMS, musicOnHoldRoutes } from '@switchboard/domain';
import type { MediaUploadConfig } from '../../platform/media/media-upload-dialog.tsx';
import { music } from './api.ts';

export const musicUpload: MediaUploadConfig = {
  title: 'Upload Music On Hold',
  route: musicOnHoldRoutes.upload,
  field: 'musicFile',
  accept: ['audio/mpeg'],
  chooseLabel: 'Choose MP3 file',
  nameMax: MUSIC_NAME_MAX,
  terms: { statement: MUSIC_TERMS, required: MESSAGES.musicTerms },
  added: MESSAGES.musicAdded,
  invalidates: [music.keys.all],
};
