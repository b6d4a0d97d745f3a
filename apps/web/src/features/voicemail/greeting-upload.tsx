/**
 * A greeting's upload (spec 3 §5, §8): MP3 or WAV up to 20,000,000 bytes as the type's greeting,
 * through the media libraries' upload dialog; 'Prerecorded Voicemail added successfully', else the
 * server's message or 'Something went wrong, please try again'.
 */
import { VOICEMAIL_MESSAGES, type VoicemailGreeting, voicemailRoutes } from '@switchboard/domain';
import { MediaUploadDialog } from '../../platform/media/media-upload-dialog.tsx';
import { voicemailKeys } from './api.ts';

export function GreetingUpload(props: {
  open: boolean;
  onClose: () => void;
  mailbox: string;
  greeting: VoicemailGreeting;
}) {
  const { mailbox, greeting } = props;
  return (
    <MediaUploadDialog
      open={props.open}
      onClose={props.onClose}
      config={{
        title: `Upload ${greeting.label} Greeting`,
        route: voicemailRoutes.uploadGreeting,
        params: { mailbox },
        fields: { type: greeting.type },
        field: 'file',
        accept: ['audio/mpeg', 'audio/wav', 'audio/x-wav'],
        chooseLabel: 'Choose MP3 or WAV file',
        added: VOICEMAIL_MESSAGES.greetingAdded,
        invalidates: [voicemailKeys.greetings(mailbox)],
      }}
    />
  );
}
