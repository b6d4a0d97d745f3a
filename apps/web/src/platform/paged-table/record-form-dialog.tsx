/**
 * The add and bulk-edit modals of the paged table: a react-hook-form over the domain schema,
 * the server's field messages under the fields, and per-item feedback.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { MESSAGES } from '@switchboard/domain';
import { type ReactNode, useEffect, useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { ApiError } from '../api.ts';
import { type FieldDef, FormFields } from '../fields/form-fields.tsx';
import { type FormSchema, useSchemaForm } from '../fields/form-schema.ts';
import { applyServerErrors } from '../fields/server-errors.ts';
import { FeedbackList, type ItemResult } from './feedback-list.tsx';

export interface RecordFormDialogProps<V extends FieldValues, O extends FieldValues> {
  open: boolean;
  title: string;
  submitLabel: string;
  /** The form's schema: the fields hold its input, `submit` gets its output. */
  schema: FormSchema<V, O>;
  defaults: DefaultValues<V>;
  fields: FieldDef<V>[];
  /** Performs the save(s); returns per-item results. A thrown ApiError is shown on the form. */
  submit: (values: O) => Promise<ItemResult[]>;
  successSummary: string;
  onClose: () => void;
  /** Keep the form open for another entry after a successful single save. */
  resetOnSuccess?: boolean;
  /** A line computed from the values as they are typed (e.g. a create confirmation's monthly cost). */
  summary?: (values: V) => ReactNode;
}

export function RecordFormDialog<V extends FieldValues, O extends FieldValues>(props: RecordFormDialogProps<V, O>) {
  const { open, title, submitLabel, schema, defaults, fields, submit, successSummary, onClose, resetOnSuccess } = props;
  const form = useSchemaForm(schema, defaults);
  const summary = props.summary ? props.summary(form.watch()) : null;
  const [results, setResults] = useState<ItemResult[] | null>(null);
  const [banner, setBanner] = useState<string | null>(null);

  // Each opening starts from the current defaults (they may have loaded since, e.g. a next number).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening.
  useEffect(() => {
    if (open) form.reset(defaults);
  }, [open]);

  const close = () => {
    form.reset(defaults);
    setResults(null);
    setBanner(null);
    onClose();
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      setBanner(null);
      try {
        const r = await submit(values);
        setResults(r);
        if (resetOnSuccess && r.every((x) => x.ok)) form.reset(defaults);
      } catch (error) {
        const message = applyServerErrors(error, form.setError);
        const keys = error instanceof ApiError ? Object.keys(error.validation) : [];
        // A single message already shown under its field needs no banner as well.
        const underField = keys.length === 1 && fields.some((f) => f.name === keys[0]);
        setBanner(error instanceof ApiError ? (underField ? null : message) : MESSAGES.saveFallback);
      }
    },
    (errors) => {
      if (Object.keys(errors).length > 1) setBanner(MESSAGES.multipleErrors);
    },
  );

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="record-form-title">
      <DialogTitle id="record-form-title">{title}</DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {banner && <Alert severity="error">{banner}</Alert>}
          <FormFields control={form.control} fields={fields} disabled={form.formState.isSubmitting} />
          {summary && !results && (
            <Alert severity="info" icon={false} data-testid="form-summary">
              {summary}
            </Alert>
          )}
          {results && <FeedbackList results={results} successSummary={successSummary} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Close</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
