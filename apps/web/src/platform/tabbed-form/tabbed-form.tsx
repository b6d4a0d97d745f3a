/**
 * The detail page frame (spec 1 §2, DESIGN "TabbedForm"): loads the record (an area's
 * `record(id)`: GET {path}/{id}), tabs of 135 px (kept in ?tab=), a react-hook-form over the
 * domain schema (values its input, the save gets its output), server messages under the fields,
 * the multiple-errors banner, and '{name} has been updated'.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { MESSAGES, type Resource } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { ApiError } from '../api.ts';
import { useBreadcrumb } from '../breadcrumb.tsx';
import { SectionForbidden } from '../error-pages.tsx';
import { type FormSchema, type SchemaForm, useSchemaForm } from '../fields/form-schema.ts';
import { applyServerErrors } from '../fields/server-errors.ts';
import { useChange } from '../mutation.ts';
import type { RecordSource } from '../resource.ts';
import { useSession } from '../session-context.ts';

/**
 * A tab of the detail page. `forbidden` (the user lacks the tab's own permission, e.g. softphone)
 * keeps the tab in its place and shows the section-permission message instead of its content.
 */
export type TabDef<R, V extends FieldValues, O extends FieldValues = V> =
  | {
      label: string;
      kind: 'form';
      render: (form: SchemaForm<V, O>, record: R, readOnly: boolean) => ReactNode;
      /** The top-level fields the tab edits, so an error on it can be pointed at from another tab. */
      fields?: string[];
      forbidden?: boolean;
    }
  | { label: string; kind: 'panel'; render: (record: R) => ReactNode; forbidden?: boolean };

export interface TabbedFormProps<R, V extends FieldValues, O extends FieldValues> {
  /** The record and its save (an area's `record(id)`). */
  source: RecordSource<R, O>;
  resource: Resource;
  /** The form's schema: the fields hold its input V, the save gets its output O. */
  schema: FormSchema<V, O>;
  toValues: (record: R) => DefaultValues<V>;
  /** The name in '{name} has been updated' (from the saved values). */
  name: (values: O) => string;
  /** The page heading and last breadcrumb, e.g. 'Nuisance callers (3)'. */
  title: (record: R) => string;
  tabs: TabDef<R, V, O>[];
  /** Shown when the record cannot be loaded for another reason than not existing (e.g. a failed request). */
  loadFailed?: string;
}

export function TabbedForm<R, V extends FieldValues, O extends FieldValues>(props: TabbedFormProps<R, V, O>) {
  const { source, resource, schema, toValues, name, title, tabs, loadFailed } = props;
  const record = useQuery({ queryKey: source.key, queryFn: source.load, retry: false });
  const { can } = useSession();
  const save = useChange({
    mutationFn: source.save,
    invalidates: source.invalidates,
    success: (_reply, values: O) => MESSAGES.updated(name(values)),
  });
  const [params, setParams] = useSearchParams();
  // Another tab keeps the rest of the URL (a nested table's place).
  const openTab = (label: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', label);
        return next;
      },
      { replace: true },
    );
  const tabIndex = Math.max(
    0,
    tabs.findIndex((t) => t.label === params.get('tab')),
  );
  const tab = tabs[tabIndex] as TabDef<R, V, O>;
  const [banner, setBanner] = useState<string | null>(null);
  const readOnly = !can(resource, 'update');
  const form = useSchemaForm(schema);

  useEffect(() => {
    if (record.data) form.reset(toValues(record.data));
  }, [record.data, form, toValues]);
  useBreadcrumb(record.data ? title(record.data) : null);

  if (record.isPending) return <CircularProgress aria-label="Loading" />;
  if (record.isError || !record.data) {
    const missing = !loadFailed || !(record.error instanceof ApiError) || [400, 404].includes(record.error.status);
    return <Alert severity="error">{missing ? MESSAGES.recordNotFound : loadFailed}</Alert>;
  }
  const data = record.data;

  const submit = form.handleSubmit(
    async (values) => {
      setBanner(null);
      try {
        await save.mutateAsync(values);
      } catch (error) {
        setBanner(applyServerErrors(error, form.setError));
      }
    },
    (errors) => setBanner(Object.keys(errors).length > 1 ? MESSAGES.multipleErrors : null),
  );

  // Errors sit under their fields; those on other tabs are pointed at from the banner.
  const failing = Object.keys(form.formState.errors);
  const otherTabs = tabs.filter(
    (t, i) => i !== tabIndex && t.kind === 'form' && t.fields?.some((f) => failing.includes(f)),
  );

  return (
    <Box>
      <Typography variant="h5" component="h1" gutterBottom>
        {title(data)}
      </Typography>
      <Paper variant="outlined">
        <Tabs
          value={tabIndex}
          onChange={(_, i: number) => openTab((tabs[i] as TabDef<R, V, O>).label)}
          variant="scrollable"
          scrollButtons="auto"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map((t) => (
            <Tab key={t.label} label={t.label} />
          ))}
        </Tabs>
        <Box sx={{ p: { xs: 2, sm: 3 } }}>
          {tab.forbidden ? (
            <SectionForbidden />
          ) : tab.kind === 'form' ? (
            <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
              {banner && <Alert severity="error">{banner}</Alert>}
              {otherTabs.map((t) => (
                <Alert
                  key={t.label}
                  severity="warning"
                  action={
                    <Button color="inherit" size="small" onClick={() => openTab(t.label)}>
                      Open
                    </Button>
                  }
                >
                  Please check the {t.label} tab
                </Alert>
              ))}
              {tab.render(form, data, readOnly)}
              {!readOnly && (
                <Box>
                  <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
                    Save
                  </Button>
                </Box>
              )}
            </Box>
          ) : (
            tab.render(data)
          )}
        </Box>
      </Paper>
    </Box>
  );
}
