/**
 * The provider admin's support settings (issue 27): the declared fields of the domain's
 * `supportSettingsFields`, saved whole with the version they were read at — a save based on an
 * older version is refused with the panel's stale-record text, and nothing changes.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import {
  type SupportSettings,
  type SupportSettingsInput,
  supportRoutes,
  supportSettingsFields,
  supportSettingsInput,
} from '@switchboard/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { formFields } from '../../platform/fields/declared-fields.ts';
import { FormFields } from '../../platform/fields/form-fields.tsx';
import { formValuesOf, useSchemaForm } from '../../platform/fields/form-schema.ts';
import { useFormSubmit } from '../../platform/fields/form-submit.ts';
import { useToast } from '../../platform/toast.ts';

const FIELDS = formFields<SupportSettingsInput>(supportSettingsFields, [
  'email',
  'phone',
  'postalAddress',
  'liveChatUrl',
  'helpVideos',
]);
const settingsKey = ['support', 'settings'] as const;

function SettingsForm({ settings }: { settings: SupportSettings }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const form = useSchemaForm(supportSettingsInput, formValuesOf(supportSettingsInput, settings));
  useEffect(() => form.reset(formValuesOf(supportSettingsInput, settings)), [settings, form]);
  const { submit, banner } = useFormSubmit(form, async (values) => {
    // Based on the settings as they were read: a newer version is refused (409).
    const reply = await call(supportRoutes.saveSettings, { body: { ...values, version: settings.version } });
    toast.success(reply.message);
    await queryClient.invalidateQueries({ queryKey: ['support'] });
  });
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
      {banner && <Alert severity="error">{banner}</Alert>}
      <FormFields control={form.control} fields={FIELDS} />
      <Box>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          Save
        </Button>
      </Box>
    </Box>
  );
}

export function SupportSettingsForm() {
  const settings = useQuery({ queryKey: settingsKey, queryFn: () => call(supportRoutes.settings) });
  return (
    <Card variant="outlined" component="section" aria-label="Support Settings">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box>
          <Typography variant="h6" component="h2">
            Support Settings
          </Typography>
          <Typography variant="body2" color="text.secondary">
            What every customer's support page shows. Only provider admins see and change these.
          </Typography>
        </Box>
        {settings.isPending && <CircularProgress aria-label="Loading" size={24} />}
        {settings.isError && <Alert severity="error">{errorMessage(settings.error)}</Alert>}
        {settings.data && <SettingsForm settings={settings.data} />}
      </CardContent>
    </Card>
  );
}
