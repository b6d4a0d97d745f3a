/** /dial-through/{id}: the General tab, and the caller-ID entries that authenticate callers. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type DialThroughInput, hasHighRisk } from '@switchboard/domain';
import { FormFields, FormSwitchField } from '../../platform/fields/form-fields.tsx';
import { useCallerIdSource } from '../../platform/fields/option-sources.ts';
import { useSession } from '../../platform/session-context.ts';
import { AreaRecordPage } from '../../platform/tabbed-form/area-record-page.tsx';
import { dialThroughFormFields, dialThroughs, INTERNATIONAL_LABEL } from './api.ts';
import { dialThroughArea } from './area.ts';
import { CallerIdsTab } from './caller-ids-tab.tsx';

export default function DialThroughDetailPage() {
  const { session } = useSession();
  const numbers = useCallerIdSource();
  const highRisk = hasHighRisk(session);
  return (
    <AreaRecordPage
      area={dialThroughArea}
      api={dialThroughs}
      heading={{ name: 'name', number: 'id' }}
      tabs={[
        {
          label: 'General',
          kind: 'form',
          render: (form, _d, readOnly) => (
            <>
              <FormFields control={form.control} fields={dialThroughFormFields(numbers)} disabled={readOnly} />
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
