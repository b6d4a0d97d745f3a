/**
 * The detail page frame (spec 1 §2, DESIGN "TabbedForm"): loads the record (an area's
 * `record(id)`: GET {path}/{id}), tabs of 135 px (kept in ?tab=), a react-hook-form over the
 * domain schema (values its input, the save gets its output), server messages under the fields,
 * the multiple-errors banner while more than one error stands, and '{name} has been updated'.
 *
 * A save carries the version of the record the form was filled from (If-Match): a record changed
 * since is refused (409) with the stale-version message and a Reload, and nothing is written. A
 * record reloaded in the background never overwrites what the person is typing (nor, when nothing
 * the save writes changed, makes their save stale); after a save the form takes the saved record
 * and its new version.
 *
 * A refused submit always says why: tabs holding errors are marked, the first such tab is opened
 * when the current one has none, the first failing field is focused, and an error on a field the
 * page does not show (hidden by another choice) is shown as a message above the form.
 */
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type Action, MESSAGES, type Resource } from '@switchboard/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { ApiError, isStaleVersion } from '../api.ts';
import { type Crumb, useBreadcrumb } from '../breadcrumb.tsx';
import { SectionForbidden } from '../error-pages.tsx';
import { FieldSection } from '../fields/field-section.tsx';
import { applySaveFailure, errorLeaves, type FieldProblem, isShown, topField } from '../fields/form-errors.ts';
import { type FieldDef, FormFields } from '../fields/form-fields.tsx';
import { type FormSchema, type SchemaForm, useSchemaForm } from '../fields/form-schema.ts';
import { useChange } from '../mutation.ts';
import { type RecordSource, versionOf } from '../resource.ts';
import { useSession } from '../session-context.ts';

/**
 * A tab of the detail page. `forbidden` (the user lacks the tab's own permission, e.g. softphone)
 * keeps the tab in its place and shows the section-permission message instead of its content.
 */
export type TabDef<R, V extends FieldValues, O extends FieldValues = V> =
  | {
      label: string;
      kind: 'form';
      /** Shown first (e.g. what the tab is for). */
      intro?: (record: R) => ReactNode;
      /** The tab's fields, declared: shown after the intro, disabled while read-only. */
      inputs?: FieldDef<V>[] | ((record: R, form: SchemaForm<V, O>) => FieldDef<V>[]);
      /** Declared fields in titled groups ('Access list', 'Anonymous callers'), after the inputs. */
      sections?: (record: R, form: SchemaForm<V, O>) => Array<{ title: string; inputs: FieldDef<V>[] }>;
      /** Anything else of the tab, after its inputs. */
      render?: (form: SchemaForm<V, O>, record: R, readOnly: boolean) => ReactNode;
      /**
       * The top-level fields the tab edits, so an error on it can be pointed at from another tab
       * (its inputs' unless given).
       */
      fields?: string[];
      forbidden?: boolean;
      /**
       * The tab's Save: under the tab unless nothing on it can be edited (false: e.g. only the
       * provider's switches, for a customer), or 'own' when its render places the Save (a
       * `SaveButton`) only where editable fields are shown (Teams, once the account has it).
       */
      save?: false | 'own';
      /**
       * Shown under the form, outside it (e.g. a members table with its own dialogs and saves, which
       * must not submit the form).
       */
      below?: (record: R) => ReactNode;
    }
  | PanelTab<R>;

/** A tab showing something of the record other than its form (a child table, a status). */
export interface PanelTab<R> {
  label: string;
  kind: 'panel';
  render: (record: R) => ReactNode;
  forbidden?: boolean;
}

export interface TabbedFormProps<R, V extends FieldValues, O extends FieldValues> {
  /** The record and its save (an area's `record(id)`). */
  source: RecordSource<R, O>;
  resource: Resource;
  /** The form's schema: the fields hold its input V, the save gets its output O. */
  schema: FormSchema<V, O>;
  toValues: (record: R) => DefaultValues<V>;
  /** The name in '{name} has been updated' (from the saved values, and the record they were loaded from). */
  name: (values: O, record: R) => string;
  /** The page heading and last breadcrumb, e.g. 'Nuisance callers (3)'. */
  title: (record: R) => string;
  /** A nested record's breadcrumbs: the records it belongs to, and its own crumb (the title unless given). */
  crumbs?: { trail: Crumb[]; name?: (record: R) => string };
  tabs: TabDef<R, V, O>[];
  /** Shown when the record cannot be loaded for another reason than not existing (e.g. a failed request). */
  loadFailed?: string;
  /** The actions on `resource` an edit needs (default update; call monitoring: create and delete). */
  editActions?: readonly Action[];
}

/** A detail form's Save (disabled while saving); a tab's own form (e.g. a seat's softphone) uses it too. */
export function SaveButton({ busy }: { busy: boolean }) {
  return (
    <Box>
      <Button type="submit" variant="contained" disabled={busy}>
        Save
      </Button>
    </Box>
  );
}

export function TabbedForm<R, V extends FieldValues, O extends FieldValues>(props: TabbedFormProps<R, V, O>) {
  const { source, resource, schema, toValues, name, title, tabs, loadFailed } = props;
  const record = useQuery({ queryKey: source.key, queryFn: source.load, retry: false });
  const queryClient = useQueryClient();
  const { can } = useSession();
  const save = useChange({
    mutationFn: ({ values, version }: { values: O; version: number | undefined; loaded: R }) =>
      source.save(values, version),
    invalidates: source.invalidates,
    success: (_reply, { values, loaded }) => MESSAGES.updated(name(values, loaded)),
  });
  const [params, setParams] = useSearchParams();
  // Another tab keeps the rest of the URL (a nested table's place).
  const openTab = useCallback(
    (label: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('tab', label);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const tabIndex = Math.max(
    0,
    tabs.findIndex((t) => t.label === params.get('tab')),
  );
  const tab = tabs[tabIndex] as TabDef<R, V, O>;
  /** The save's form-level message (the server's, e.g. a stale version), until the next submit. */
  const [message, setMessage] = useState<{ text: string; stale: boolean } | null>(null);
  /** Errors of fields the page does not show, found after a refused submit. */
  const [unshown, setUnshown] = useState<string[]>([]);
  /**
   * Set by a refused submit with the failing fields (as the refusal named them: the form's state
   * may not hold them yet when this renders): open the failing tab, focus the field, find the
   * errors of fields not shown.
   */
  const [reveal, setReveal] = useState<FieldProblem[] | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const readOnly = !(props.editActions ?? ['update']).every((action) => can(resource, action));
  const form = useSchemaForm(schema);
  const dirty = form.formState.isDirty;

  // The version the form's values are based on: the record's when the form was filled from it.
  // `values`: what a save based on that record writes over (`written`).
  const [base, setBase] = useState<{ key: string; version: number | undefined; values: string } | null>(null);
  const keyText = JSON.stringify(source.key);
  /** What a save writes over: the form's values of a record and the record's fields the schema names. */
  const written = useCallback(
    (data: R, values = toValues(data)) => {
      const names = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
      const fields = Object.fromEntries(names.map((k) => [k, (data as Record<string, unknown>)[k]]));
      return JSON.stringify([values, fields]);
    },
    [schema, toValues],
  );
  const fill = useCallback(
    (data: R) => {
      const values = toValues(data);
      form.reset(values);
      setBase({ key: keyText, version: versionOf(data), values: written(data, values) });
      setUnshown([]);
    },
    [form, toValues, keyText, written],
  );
  // A record (re)loaded fills the form, unless the person is editing it: their values are kept, and
  // their save, based on the older version, is refused rather than overwriting the newer one. When
  // what changed is none of the form's values (a part of the record saved on its own, e.g. a
  // seat's softphone settings), nothing the save writes was changed: it is based on the new version.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newly loaded record fills the form.
  useEffect(() => {
    if (!record.data) return;
    if (base?.key !== keyText || !dirty) fill(record.data);
    else if (written(record.data) === base.values) {
      setBase({ ...base, version: versionOf(record.data) });
    }
  }, [record.data, keyText]);
  const crumbName = props.crumbs?.name ?? title;
  useBreadcrumb(record.data ? crumbName(record.data) : null, props.crumbs?.trail);

  const leaves = errorLeaves(form.formState.errors);
  const inputsOf = (t: TabDef<R, V, O>) => {
    if (t.kind !== 'form') return [];
    if (typeof t.inputs !== 'function') return t.inputs ?? [];
    return record.data ? t.inputs(record.data, form) : [];
  };
  const sectionsOf = (t: TabDef<R, V, O>) =>
    (t.kind === 'form' && record.data && t.sections?.(record.data, form)) || [];
  const namesOf = (t: TabDef<R, V, O>) =>
    [...inputsOf(t), ...sectionsOf(t).flatMap((s) => s.inputs)].map((f) => topField(f.name));
  const tabWith = (path: string) =>
    tabs.findIndex((t) => t.kind === 'form' && (t.fields ?? namesOf(t)).includes(topField(path)));

  // After a refused submit: open the first tab holding an error when this one holds none; then
  // focus the first failing field shown here, and list the errors of fields not shown at all.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a refused submit asks, and on the tab it opens.
  useEffect(() => {
    if (reveal === null) return;
    const failing = reveal;
    const here = failing.filter((l) => tabWith(l.path) === tabIndex);
    const elsewhere = failing.find((l) => tabWith(l.path) >= 0 && tabWith(l.path) !== tabIndex);
    if (here.length === 0 && elsewhere) {
      openTab((tabs[tabWith(elsewhere.path)] as TabDef<R, V, O>).label);
      return; // runs again on the opened tab
    }
    setReveal(null);
    const shown = failing.filter((l) => isShown(formRef.current, l.path));
    setUnshown(failing.filter((l) => !shown.includes(l)).map((l) => l.path));
    const first = shown[0];
    if (first) {
      const before = document.activeElement;
      form.setFocus(first.path as Path<V>);
      // A field whose ref cannot take the focus: its named input does.
      if (document.activeElement === before) {
        formRef.current?.querySelector<HTMLElement>(`[name="${first.path}"]`)?.focus();
      }
    }
  }, [reveal, tabIndex]);

  // On another tab (or after the errors change) the fields shown change: recount those not shown.
  const leavesKey = leaves.map((l) => l.path).join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: recounts when the tab or the failing fields change.
  useEffect(() => {
    if (reveal !== null || unshown.length === 0) return;
    const still = unshown.filter((path) => leaves.some((l) => l.path === path) && !isShown(formRef.current, path));
    if (still.length !== unshown.length) setUnshown(still);
  }, [tabIndex, leavesKey]);

  if (record.isPending) return <CircularProgress aria-label="Loading" />;
  if (record.isError || !record.data) {
    const missing = !loadFailed || !(record.error instanceof ApiError) || [400, 404].includes(record.error.status);
    return <Alert severity="error">{missing ? MESSAGES.recordNotFound : loadFailed}</Alert>;
  }
  const data = record.data;

  const submit = form.handleSubmit(
    async (values) => {
      setMessage(null);
      setUnshown([]);
      try {
        await save.mutateAsync({ values, version: base?.version, loaded: data });
        // The saved record (refetched by the save's invalidation) and its new version fill the form.
        fill(queryClient.getQueryData<R>(source.key) ?? data);
      } catch (error) {
        const text = applySaveFailure(error, form.setError);
        setMessage(text === null ? null : { text, stale: isStaleVersion(error) });
        if (error instanceof ApiError && text === null) {
          setReveal(Object.entries(error.validation).map(([path, message]) => ({ path, message })));
        }
      }
    },
    (errors) => {
      setMessage(null);
      setReveal(errorLeaves(errors));
    },
  );
  const reload = async () => {
    const fresh = await record.refetch();
    if (fresh.data) fill(fresh.data);
    setMessage(null);
  };

  // Errors sit under their fields; the tabs holding them are marked and pointed at from here.
  const failingTabs = new Set(leaves.map((l) => tabWith(l.path)).filter((i) => i >= 0));
  const otherTabs = tabs.filter((_t, i) => i !== tabIndex && failingTabs.has(i));
  const unshownLeaves = leaves.filter((l) => unshown.includes(l.path) && tabWith(l.path) === tabIndex);
  const orphans = leaves.filter((l) => unshown.includes(l.path) && tabWith(l.path) < 0);

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
          // Narrow screens too: without the arrows a tab past the edge is found only by swiping.
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map((t, i) =>
            failingTabs.has(i) ? (
              <Tab
                key={t.label}
                label={t.label}
                icon={<ErrorOutlineIcon fontSize="small" titleAccess="has errors" />}
                iconPosition="end"
                data-errors="true"
                sx={{ color: 'error.main', '&.Mui-selected': { color: 'error.main' }, minHeight: 48 }}
              />
            ) : (
              <Tab key={t.label} label={t.label} />
            ),
          )}
        </Tabs>
        <Box sx={{ p: { xs: 2, sm: 3 } }}>
          {tab.forbidden ? (
            <SectionForbidden />
          ) : tab.kind === 'form' ? (
            <Box
              component="form"
              ref={formRef}
              onSubmit={submit}
              noValidate
              sx={{ display: 'grid', gap: 2, maxWidth: 640 }}
            >
              {message && (
                <Alert
                  severity="error"
                  action={
                    message.stale ? (
                      <Button color="inherit" size="small" onClick={reload}>
                        Reload
                      </Button>
                    ) : undefined
                  }
                >
                  {message.text}
                </Alert>
              )}
              {leaves.length > 1 && <Alert severity="error">{MESSAGES.multipleErrors}</Alert>}
              {[...unshownLeaves, ...orphans].map((l) => (
                <Alert key={l.path} severity="error" data-testid="unshown-error">
                  {l.message}
                </Alert>
              ))}
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
              {tab.intro?.(data)}
              {tab.inputs && <FormFields control={form.control} disabled={readOnly} fields={inputsOf(tab)} />}
              {sectionsOf(tab).map((section, i) => (
                <FieldSection
                  key={section.title}
                  title={section.title}
                  below={i > 0}
                  control={form.control}
                  disabled={readOnly}
                  fields={section.inputs}
                />
              ))}
              {tab.render?.(form, data, readOnly)}
              {!readOnly && tab.save === undefined && <SaveButton busy={form.formState.isSubmitting} />}
            </Box>
          ) : null}
          {!tab.forbidden && tab.kind === 'form' && tab.below && <Box sx={{ mt: 3 }}>{tab.below(data)}</Box>}
          {!tab.forbidden && tab.kind === 'panel' && tab.render(data)}
        </Box>
      </Paper>
    </Box>
  );
}
