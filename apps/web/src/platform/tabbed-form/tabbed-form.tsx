/**
 * The detail page frame (spec 1 §2, DESIGN "TabbedForm"): loads GET {path}/{id}, tabs of 135 px
 * (kept in ?tab=), a react-hook-form over the domain schema, server messages under the fields,
 * the multiple-errors banner, and '{name} has been updated'.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { MESSAGES, type Resource, type SaveReply } from '@switchboard/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { type DefaultValues, type FieldValues, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ApiError, api } from '../api.ts';
import { useBreadcrumb } from '../breadcrumb.tsx';
import { SectionForbidden } from '../error-pages.tsx';
import { applyServerErrors } from '../fields/server-errors.ts';
import { useSession } from '../session-context.ts';
import { useToast } from '../toast.ts';

/**
 * A tab of the detail page. `forbidden` (the user lacks the tab's own permission, e.g. softphone)
 * keeps the tab in its place and shows the section-permission message instead of its content.
 */
export type TabDef<R, V extends FieldValues> =
  | {
      label: string;
      kind: 'form';
      render: (form: UseFormReturn<V>, record: R, readOnly: boolean) => ReactNode;
      /** The top-level fields the tab edits, so an error on it can be pointed at from another tab. */
      fields?: string[];
      forbidden?: boolean;
    }
  | { label: string; kind: 'panel'; render: (record: R) => ReactNode; forbidden?: boolean };

export interface TabbedFormProps<R, V extends FieldValues> {
  path: string;
  id: string;
  resource: Resource;
  schema: z.ZodType<V, FieldValues>;
  toValues: (record: R) => DefaultValues<V>;
  /** The name in '{name} has been updated' (from the saved values). */
  name: (values: V) => string;
  /** The page heading and last breadcrumb, e.g. 'Nuisance callers (3)'. */
  title: (record: R) => string;
  tabs: TabDef<R, V>[];
  /** Shown when the record cannot be loaded for another reason than not existing (e.g. a failed request). */
  loadFailed?: string;
}

export function useRecord<R>(path: string, id: string) {
  return useQuery({ queryKey: ['record', path, id], queryFn: () => api.get<R>(`${path}/${id}`), retry: false });
}

export function TabbedForm<R, V extends FieldValues>(props: TabbedFormProps<R, V>) {
  const { path, id, resource, schema, toValues, name, title, tabs, loadFailed } = props;
  const record = useRecord<R>(path, id);
  const { can } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tabIndex = Math.max(
    0,
    tabs.findIndex((t) => t.label === params.get('tab')),
  );
  const tab = tabs[tabIndex] as TabDef<R, V>;
  const [banner, setBanner] = useState<string | null>(null);
  const readOnly = !can(resource, 'update');
  const form = useForm<V>({ resolver: zodResolver(schema as never) as unknown as Resolver<V> });

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

  const save = form.handleSubmit(
    async (values) => {
      setBanner(null);
      try {
        await api.put<SaveReply>(`${path}/${id}`, values);
        toast.success(MESSAGES.updated(name(values)));
        await queryClient.invalidateQueries({ queryKey: ['record', path, id] });
        await queryClient.invalidateQueries({ queryKey: ['list', path] });
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
          onChange={(_, i: number) => setParams({ tab: (tabs[i] as TabDef<R, V>).label }, { replace: true })}
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
            <Box component="form" onSubmit={save} noValidate sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
              {banner && <Alert severity="error">{banner}</Alert>}
              {otherTabs.map((t) => (
                <Alert
                  key={t.label}
                  severity="warning"
                  action={
                    <Button color="inherit" size="small" onClick={() => setParams({ tab: t.label }, { replace: true })}>
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
