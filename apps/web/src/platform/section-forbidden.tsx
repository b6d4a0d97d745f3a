/**
 * A section the user may not see (spec 1 §2): 'You do not have the required permissions to access
 * this section.' Used by TabbedForm for a tab whose permission the user lacks.
 */
import Alert from '@mui/material/Alert';
import { MESSAGES } from '@switchboard/domain';

export function SectionForbidden() {
  return <Alert severity="warning">{MESSAGES.sectionForbidden}</Alert>;
}
