/**
 * /nts/{id}: General (name, telephone number, answer prompt, channel limit) and Call Restrictions
 * (spec 2 §3, §6): the toggles need ntsCallRestrictions (without read the tab shows the section
 * message), the international and premium ones highRisk too.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  destinationValue,
  mayEditRestrictions,
  NTS_CHANNEL_LIMIT,
  NTS_SWITCHES,
  type Nts,
  type NtsInput,
  ntsFields,
} from '@switchboard/domain';
import { CallRestrictionsFields } from '../../platform/call-options/call-restrictions-fields.tsx';
import { formFields, labelOf } from '../../platform/fields/declared-fields.ts';
import { FormSwitchField } from '../../platform/fields/form-fields.tsx';
import { usePromptSelect } from '../../platform/fields/option-sources.ts';
import { useSession } from '../../platform/session-context.ts';
import { AreaRecordPage } from '../../platform/tabbed-form/area-record-page.tsx';
import { usedByTab } from '../../platform/used-by.tsx';
import { nts } from './api.ts';
import { ntsArea } from './area.ts';

export default function NtsDetailPage() {
  const prompts = usePromptSelect();
  const { can, session } = useSession();
  return (
    <AreaRecordPage
      area={ntsArea}
      api={nts}
      heading={{ name: 'name', number: 'destination' }}
      tabs={[
        {
          label: 'General',
          kind: 'form',
          inputs: formFields<NtsInput>(ntsFields, [
            'name',
            'destination',
            {
              kind: 'select',
              name: 'answerPromptId',
              label: labelOf(ntsFields, 'answerPromptId'),
              options: prompts.options,
              helper: prompts.helper ?? 'Played to the person answering before the call is connected',
              nullable: true,
            },
            {
              kind: 'text',
              name: 'channelLimit',
              label: labelOf(ntsFields, 'channelLimit'),
              type: 'number',
              helper: `${NTS_CHANNEL_LIMIT.min}-${NTS_CHANNEL_LIMIT.max} simultaneous calls`,
            },
          ]),
        },
        {
          label: 'Call Restrictions',
          kind: 'form',
          fields: [...NTS_SWITCHES.map((s) => s.name), 'extRefuse'],
          forbidden: !can('ntsCallRestrictions', 'read'),
          render: (form, _n, readOnly) => (
            <>
              <Typography variant="body2" color="text.secondary">
                The numbers a call forwarded to this destination may go on to.
              </Typography>
              <CallRestrictionsFields<NtsInput>
                form={form}
                area="ntsCallRestrictions"
                disabled={readOnly}
                internationalPin={false}
              />
              <Box>
                <FormSwitchField<NtsInput>
                  control={form.control}
                  name="extRefuse"
                  label={labelOf(ntsFields, 'extRefuse')}
                  disabled={readOnly || !mayEditRestrictions(session, 'ntsCallRestrictions')}
                />
              </Box>
            </>
          ),
        },
        usedByTab<Nts>((n) => destinationValue('nts', n.id)),
      ]}
    />
  );
}
