/** /dial-through/{id}: the General tab, and the caller-ID entries that authenticate callers. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type DialThroughInput, dialThroughInput, hasHighRisk } from '@switchboard/domain';
import { useParams } from 'react-router';
import { FormFields, FormSwitchField } from '../../platform/fields/form-fields.tsx';
import { useCallerIdOptions } from '../../platform/fields/option-sources.ts';
import { useSession } from '../../platform/session-context.ts';
import { TabbedForm } from '../../platform/tabbed-form/tabbed-form.tsx';
import { dialThroughFields, dialThroughs, INTERNATIONAL_LABEL, toDialThroughValues } from './api.ts';
import { CallerIdsTab } from './caller-ids-tab.tsx';

export default function DialThroughDetailPage() {
  const { id = '' } = useParams();
  const { session } = useSession();
  const numbers = useCallerIdOptions().options;
  const highRisk = hasHighRisk(session);
  return (
    <TabbedForm
      source={dialThroughs.record(id)}
      resource="dialThrough"
      schema={dialThroughInput}
      toValues={toDialThroughValues}
      name={(v) => v.name}
      title={(d) => `${d.name} (${d.id})`}
      tabs={[
        {
          label: 'General',
          kind: 'form',
          render: (form, _d, readOnly) => (
            <>
              <FormFields control={form.control} fields={dialThroughFields(numbers)} disabled={readOnly} />
              <Box>
                <FormSwitchField<DialThroughInput>
                  control={form.control}
                  name="inter"
                  label={INTERNATIONAL_LABEL}
                  disabled={readOnly || !highRisk}
                />
                {!readOnly && !highRisk && (
                  <Typography variant="body2" color="text.secondary">
                    International calls need the high-risk permission; please contact your account manager to change
                    them.
                  </Typography>
                )}
              </Box>
            </>
          ),
        },
        { label: 'Caller IDs', kind: 'panel', render: (d) => <CallerIdsTab dialThrough={d} /> },
      ]}
    />
  );
}
