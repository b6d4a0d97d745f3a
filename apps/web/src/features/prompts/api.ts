/**
 * Custom prompts on the web: a media library (spec 3 §7 "Prompts and music": POST /prompt/overview,
 * multipart POST /prompt, GET and PUT /prompt/{id}, GET /prompt/{id}/usage), with the upload of an
 * MP3 or WAV recording.
 */
import { MESSAGES, PROMPT_NAME_MAX, promptRoutes } from '@switchboard/domain';
import { mediaApi } from '../../platform/media/media-api.ts';
import type { MediaUploadConfig } from '../../platform/media/media-upload-dialog.tsx';

export const prompts = mediaApi('/prompt', promptRoutes);

/** Spec 3 §5: mp3 or wav, at most 20,000,000 bytes, a name. */
export const promptUpload: MediaUploadConfig = {
  title: 'Upload Custom Prompt',
  route: promptRoutes.upload,
  field: 'promptFile',
  accept: ['audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/wave'],
  chooseLabel: 'Choose MP3 or WAV file',
  nameMax: PROMPT_NAME_MAX,
  added: MESSAGES.promptAdded,
  invalidates: [prompts.keys.all],
};
