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
import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { ApiError, isStaleVersion } from '../api.ts';
import { type Crumb, useBreadcrumb } from '../breadcrumb.tsx';
import { SectionForbidden } from '../error-pages.tsx';
import { FieldSection } from '../fields/field-section.tsx';
import { applySaveFailure, errorLeaves, type FieldProblem, topField } from '../fields/form-errors.ts';
import { type FieldDef, FormFields } from '../fields/form-fields.tsx';
import { type FormSchema, type SchemaForm, useSchemaForm } from '../fields/form-schema.ts';
import { useChange } from '../mutation.ts';
import type { RecordSource } from '../resource.ts';
import { useSession } from '../session-context.ts';
import { useErrorReveal } from './error-reveal.ts';
import { useRecordForm } from './record-form.ts';

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
  /** What the panel gets ready as its tab is pointed at or focused, before it is opened (e.g. a worker). */
  prepare?: () => void;
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

/** The open tab, kept in ?tab= (another tab keeps the rest of the URL: a nested table's place). */
function useTabParam(labels: string[]) {
  const [params, setParams] = useSearchParams();
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
  const tabIndex = Math.max(0, labels.indexOf(params.get('tab') ?? ''));
  return { tabIndex, openTab };
}

/** The inputs a tab declares, directly and in its sections (none until the record is loaded). */
function tabInputs<R, V extends FieldValues, O extends FieldValues>(
  t: TabDef<R, V, O>,
  data: R | undefined,
  form: SchemaForm<V, O>,
): { inputs: FieldDef<V>[]; sections: Array<{ title: string; inputs: FieldDef<V>[] }> } {
  if (t.kind !== 'form') return { inputs: [], sections: [] };
  const inputs = typeof t.inputs !== 'function' ? (t.inputs ?? []) : data ? t.inputs(data, form) : [];
  return { inputs, sections: (data && t.sections?.(data, form)) || [] };
}

/** The index of the form tab editing a field (-1: none). */
function tabFinder<R, V extends FieldValues, O extends FieldValues>(
  tabs: TabDef<R, V, O>[],
  data: R | undefined,
  form: SchemaForm<V, O>,
) {
  const namesOf = (t: TabDef<R, V, O>) => {
    const { inputs, sections } = tabInputs(t, data, form);
    return [...inputs, ...sections.flatMap((s) => s.inputs)].map((f) => topField(f.name));
  };
  return (path: string) =>
    tabs.findIndex((t) => t.kind === 'form' && (t.fields ?? namesOf(t)).includes(topField(path)));
}

export function TabbedForm<R, V extends FieldValues, O extends FieldValues>(props: TabbedFormProps<R, V, O>) {
  const { source, resource, schema, toValues, title, tabs, loadFailed } = props;
  const record = useQuery({ queryKey: source.key, queryFn: source.load, retry: false });
  const { can } = useSession();
  const { tabIndex, openTab } = useTabParam(tabs.map((t) => t.label));
  const tab = tabs[tabIndex] as TabDef<R, V, O>;
  /** Errors of fields the page does not show, found after a refused submit. */
  const [unshown, setUnshown] = useState<string[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const readOnly = !(props.editActions ?? ['update']).every((action) => can(resource, action));
  const form = useSchemaForm(schema);
  const onFill = useCallback(() => setUnshown([]), []);
  const { version, fill } = useRecordForm({ form, source, schema, toValues, data: record.data, onFill });
  const crumbName = props.crumbs?.name ?? title;
  useBreadcrumb(record.data ? crumbName(record.data) : null, props.crumbs?.trail);

  const leaves = errorLeaves(form.formState.errors);
  const tabWith = tabFinder(tabs, record.data, form);
  const openTabAt = (i: number) => openTab((tabs[i] as TabDef<R, V, O>).label);
  const reveal = useErrorReveal({ form, formRef, leaves, tabIndex, tabWith, openTabAt, unshown, setUnshown });
  const { submit, reload, message } = useFormSave({ ...props, form, record, version, fill, reveal, setUnshown });

  if (record.isPending) return <CircularProgress aria-label="Loading" />;
  if (record.isError || !record.data) {
    const missing = !loadFailed || !(record.error instanceof ApiError) || [400, 404].includes(record.error.status);
    return <Alert severity="error">{missing ? MESSAGES.recordNotFound : loadFailed}</Alert>;
  }
  const data = record.data;
  // Errors sit under their fields; the tabs holding them are marked and pointed at from here.
  const failingTabs = new Set(leaves.map((l) => tabWith(l.path)).filter((i) => i >= 0));
  const unshownOn = (i: number) => leaves.filter((l) => unshown.includes(l.path) && tabWith(l.path) === i);
  const alerts: FormAlertsProps = {
    message,
    reload,
    multiple: leaves.length > 1,
    // Errors of fields not shown: this tab's, then those of no tab.
    unshown: [...unshownOn(tabIndex), ...unshownOn(-1)],
    otherTabs: tabs.filter((_t, i) => i !== tabIndex && failingTabs.has(i)).map((t) => t.label),
    openTab,
  };

  return (
    <Box>
      <Typography variant="h5" component="h1" gutterBottom>
        {title(data)}
      </Typography>
      <Paper variant="outlined">
        <TabStrip
          labels={tabs.map((t) => t.label)}
          prepare={tabs.map((t) => (t.kind === 'panel' && !t.forbidden ? t.prepare : undefined))}
          tabIndex={tabIndex}
          failing={failingTabs}
          openTab={openTab}
        />
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
              <FormAlerts {...alerts} />
              <FormTabContent tab={tab} form={form} data={data} readOnly={readOnly} />
            </Box>
          ) : null}
          {!tab.forbidden && tab.kind === 'form' && tab.below && <Box sx={{ mt: 3 }}>{tab.below(data)}</Box>}
          {!tab.forbidden && tab.kind === 'panel' && tab.render(data)}
        </Box>
      </Paper>
    </Box>
  );
}

interface FormSaveOptions<R, V extends FieldValues, O extends FieldValues> extends TabbedFormProps<R, V, O> {
  form: SchemaForm<V, O>;
  record: UseQueryResult<R>;
  /** The version the form's values are based on (the save's If-Match). */
  version: number | undefined;
  fill: (record: R) => void;
  reveal: (failing: FieldProblem[]) => void;
  setUnshown: (paths: string[]) => void;
}

/**
 * The form's submit: a valid one saves and fills the form with the saved record; a refused one
 * reveals its failing fields, or keeps the save's form-level message (a stale version's with a
 * Reload) until the next submit.
 */
function useFormSave<R, V extends FieldValues, O extends FieldValues>(options: FormSaveOptions<R, V, O>) {
  const { source, name, form, record, version, fill, reveal, setUnshown } = options;
  const queryClient = useQueryClient();
  const save = useChange({
    mutationFn: ({ values, version }: { values: O; version: number | undefined; loaded: R }) =>
      source.save(values, version),
    invalidates: source.invalidates,
    success: (_reply, { values, loaded }) => MESSAGES.updated(name(values, loaded)),
  });
  const [message, setMessage] = useState<SaveMessage | null>(null);
  const submit = form.handleSubmit(
    async (values) => {
      const loaded = record.data;
      if (loaded === undefined) return; // the form shows once the record is loaded
      setMessage(null);
      setUnshown([]);
      try {
        await save.mutateAsync({ values, version, loaded });
        // The saved record (refetched by the save's invalidation) and its new version fill the form.
        fill(queryClient.getQueryData<R>(source.key) ?? loaded);
      } catch (error) {
        const text = applySaveFailure(error, form.setError);
        setMessage(text === null ? null : { text, stale: isStaleVersion(error) });
        if (error instanceof ApiError && text === null) {
          reveal(Object.entries(error.validation).map(([path, message]) => ({ path, message })));
        }
      }
    },
    (errors) => {
      setMessage(null);
      reveal(errorLeaves(errors));
    },
  );
  const reload = async () => {
    const fresh = await record.refetch();
    if (fresh.data) fill(fresh.data);
    setMessage(null);
  };
  return { submit, reload, message };
}

/** The tabs, those holding errors marked; a panel's `prepare` run as its tab is pointed at or focused. */
function TabStrip(props: {
  labels: string[];
  prepare: Array<(() => void) | undefined>;
  tabIndex: number;
  failing: Set<number>;
  openTab: (label: string) => void;
}) {
  const { labels, tabIndex, failing, openTab } = props;
  const readied = (i: number) => {
    const prepare = props.prepare[i];
    return prepare ? { onPointerEnter: prepare, onFocus: prepare } : {};
  };
  return (
    <Tabs
      value={tabIndex}
      onChange={(_, i: number) => openTab(labels[i] as string)}
      variant="scrollable"
      scrollButtons="auto"
      // Narrow screens too: without the arrows a tab past the edge is found only by swiping.
      allowScrollButtonsMobile
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {labels.map((label, i) =>
        failing.has(i) ? (
          <Tab
            key={label}
            label={label}
            icon={<ErrorOutlineIcon fontSize="small" titleAccess="has errors" />}
            iconPosition="end"
            data-errors="true"
            sx={{ color: 'error.main', '&.Mui-selected': { color: 'error.main' }, minHeight: 48 }}
            {...readied(i)}
          />
        ) : (
          <Tab key={label} label={label} {...readied(i)} />
        ),
      )}
    </Tabs>
  );
}

interface SaveMessage {
  text: string;
  stale: boolean;
}

interface FormAlertsProps {
  message: SaveMessage | null;
  reload: () => void;
  /** More than one error stands. */
  multiple: boolean;
  unshown: FieldProblem[];
  /** The other tabs holding errors. */
  otherTabs: string[];
  openTab: (label: string) => void;
}

/** Above a form tab: the save's message, the multiple-errors banner, errors not shown, other tabs to check. */
function FormAlerts({ message, reload, multiple, unshown, otherTabs, openTab }: FormAlertsProps) {
  return (
    <>
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
      {multiple && <Alert severity="error">{MESSAGES.multipleErrors}</Alert>}
      {unshown.map((l) => (
        <Alert key={l.path} severity="error" data-testid="unshown-error">
          {l.message}
        </Alert>
      ))}
      {otherTabs.map((label) => (
        <Alert
          key={label}
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => openTab(label)}>
              Open
            </Button>
          }
        >
          Please check the {label} tab
        </Alert>
      ))}
    </>
  );
}

/** A form tab's content: intro, inputs, sections, anything else, and its Save. */
function FormTabContent<R, V extends FieldValues, O extends FieldValues>(props: {
  tab: Extract<TabDef<R, V, O>, { kind: 'form' }>;
  form: SchemaForm<V, O>;
  data: R;
  readOnly: boolean;
}) {
  const { tab, form, data, readOnly } = props;
  const { inputs, sections } = tabInputs(tab, data, form);
  return (
    <>
      {tab.intro?.(data)}
      {tab.inputs && <FormFields control={form.control} disabled={readOnly} fields={inputs} />}
      {sections.map((section, i) => (
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
    </>
  );
}
