/**
 * /ivrs/{id}: tab General (spec 2 §2): the description, the greeting and invalid-choice prompts,
 * and a destination for each key 1-9, 0, *, # and Timeout (spec 2 §3, §9), CONFERENCING included.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { destinationValue, IVR_KEYS, type Ivr, type IvrInput, ivrFields } from '@switchboard/domain';
import { formField, labelOf } from '../../platform/fields/declared-fields.ts';
import { FormFields } from '../../platform/fields/form-fields.tsx';
import { usePromptSelect } from '../../platform/fields/option-sources.ts';
import { callFlowTab } from '../../platform/routing-graph/call-flow-tab.tsx';
import { AreaRecordPage } from '../../platform/tabbed-form/area-record-page.tsx';
import { usedByTab } from '../../platform/used-by.tsx';
import { CONFERENCING_OPTION, greetingOptions, invalidPromptOptions, ivrs } from './api.ts';
import { ivrsArea } from './area.ts';

export default function IvrDetailPage() {
  const prompts = usePromptSelect();
  return (
    <AreaRecordPage
      area={ivrsArea}
      api={ivrs}
      heading={{ name: 'description', number: 'name' }}
      tabs={[
        {
          label: 'General',
          kind: 'form',
          fields: ['description', 'greetingId', 'invalidPrompt', ...IVR_KEYS.map((k) => k.field)],
          inputs: [
            formField<IvrInput>(ivrFields, 'description'),
            {
              kind: 'select',
              name: 'greetingId',
              label: labelOf(ivrFields, 'greetingId'),
              options: greetingOptions(prompts),
              helper: prompts.helper ?? 'Played when the menu answers',
            },
            {
              kind: 'select',
              name: 'invalidPrompt',
              label: labelOf(ivrFields, 'invalidPrompt'),
              options: invalidPromptOptions(prompts),
              helper: prompts.helper ?? 'Played when the caller presses a key with no destination',
            },
          ],
          render: (form, m, readOnly) => {
            const self = [destinationValue('ivr', m.name)];
            const keyFields = IVR_KEYS.map((k) =>
              formField<IvrInput>(ivrFields, k.field, { exclude: self, extra: [CONFERENCING_OPTION] }),
            );
            return (
              <>
                <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
                  Keys
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Where each key sends the caller; Timeout is used when the caller presses nothing.
                </Typography>
                <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
                  <FormFields control={form.control} disabled={readOnly} fields={keyFields} />
                </Box>
              </>
            );
          },
        },
        usedByTab<Ivr>((m) => destinationValue('ivr', m.name)),
        callFlowTab<Ivr>((m) => destinationValue('ivr', m.name)),
      ]}
    />
  );
}
