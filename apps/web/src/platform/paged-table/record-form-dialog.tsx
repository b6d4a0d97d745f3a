/**
 * The add and bulk-edit modals of the paged table: a react-hook-form over the domain schema,
 * the server's field messages under the fields, and per-item feedback. The feedback ends the flow:
 * it replaces the form, and only Close (and, for an add, Add Another) remain, so no success stands
 * beside a later error and no Create stays live on a form already reset. A refused submit says
 * why: the multiple-errors banner while more than one error stands, and an error of a field the
 * modal does not show as a message of its own.
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
import { applySaveFailure, errorLeaves } from '../fields/form-errors.ts';
import { type FieldDef, FormFields } from '../fields/form-fields.tsx';
import { type FormSchema, useSchemaForm } from '../fields/form-schema.ts';
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
  /**
   * After the feedback, offer another entry: 'Add Another' starts a fresh form when every item
   * succeeded; 'Back' returns to the values as entered when some failed.
   */
  another?: boolean;
  /** A line computed from the values as they are typed (e.g. a create confirmation's monthly cost). */
  summary?: (values: V) => ReactNode;
  /** Why the form cannot be submitted now (e.g. nothing to choose from yet): shown, and the submit disabled. */
  blocked?: string;
}

/** Whether a failing path is one of the modal's fields (or a part of one). */
const declared = <V extends FieldValues>(fields: FieldDef<V>[], path: string) =>
  fields.some((f) => f.name === path || path.startsWith(`${f.name}.`) || f.name.startsWith(`${path}.`));

/**
 * The modal's form and outcome: each opening starts from the current defaults, a submit's per-item
 * results (or its refusal's message), Close, and back to the form.
 */
function useRecordFormState<V extends FieldValues, O extends FieldValues>(props: RecordFormDialogProps<V, O>) {
  const { open, schema, defaults, submit, onClose } = props;
  const form = useSchemaForm(schema, defaults);
  const [results, setResults] = useState<ItemResult[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  // Each opening starts from the current defaults (they may have loaded since, e.g. a next number),
  // and defaults that arrive while the modal is open fill it, until the person has typed.
  const defaultsKey = JSON.stringify(defaults);
  const dirty = form.formState.isDirty;
  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening, and on new defaults.
  useEffect(() => {
    if (open && !dirty) form.reset(defaults);
  }, [open, defaultsKey]);

  const close = () => {
    form.reset(defaults);
    setResults(null);
    setMessage(null);
    onClose();
  };
  const allOk = results?.every((r) => r.ok) ?? false;
  /** Back to the form: a fresh one after a full success, the values as entered otherwise. */
  const again = () => {
    if (allOk) form.reset(defaults);
    setResults(null);
    setMessage(null);
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      setMessage(null);
      setResults(null);
      try {
        setResults(await submit(values));
      } catch (error) {
        setMessage(applySaveFailure(error, form.setError));
      }
    },
    () => setMessage(null),
  );

  return { form, results, message, close, again, allOk, onSubmit };
}

export function RecordFormDialog<V extends FieldValues, O extends FieldValues>(props: RecordFormDialogProps<V, O>) {
  const { open, title, submitLabel, fields, successSummary, another } = props;
  const { form, results, message, close, again, allOk, onSubmit } = useRecordFormState(props);
  const summary = props.summary ? props.summary(form.watch()) : null;
  const leaves = errorLeaves(form.formState.errors);
  const undeclared = leaves.filter((l) => !declared(fields, l.path));

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="record-form-title">
      <DialogTitle id="record-form-title">{title}</DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {results ? (
            <FeedbackList results={results} successSummary={successSummary} />
          ) : (
            <>
              {props.blocked && <Alert severity="info">{props.blocked}</Alert>}
              {message && <Alert severity="error">{message}</Alert>}
              {leaves.length > 1 && <Alert severity="error">{MESSAGES.multipleErrors}</Alert>}
              {undeclared.map((l) => (
                <Alert key={l.path} severity="error" data-testid="unshown-error">
                  {l.message}
                </Alert>
              ))}
              <FormFields control={form.control} fields={fields} disabled={form.formState.isSubmitting} />
              {summary && (
                <Alert severity="info" icon={false} data-testid="form-summary">
                  {summary}
                </Alert>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Close</Button>
          {results ? (
            another && (
              <Button key="again" variant="outlined" onClick={again}>
                {allOk ? 'Add Another' : 'Back'}
              </Button>
            )
          ) : (
            <Button
              key="submit"
              type="submit"
              variant="contained"
              disabled={form.formState.isSubmitting || props.blocked !== undefined}
            >
              {submitLabel}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
