import VoicemailIcon from '@mui/icons-material/Voicemail';
import { AREA_NAMES } from '@switchboard/domain';
import { type AreaDefinition, readRules } from '../../platform/areas.ts';

/** Voicemail (spec 3 §2 /voicemail, /voicemail/settings/{mailbox}, /voicemail/{mailbox}/{id}; permission voicemail). */
export const voicemailArea: AreaDefinition = {
  label: AREA_NAMES.voicemail,
  path: '/voicemail',
  icon: VoicemailIcon,
  group: 'Features',
  rules: readRules('voicemail'),
};
