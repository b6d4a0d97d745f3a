/**
 * The "Call Flow" tab of a number's, time profile's, IVR's, call group's and queue's page: its whole
 * routing as a graph (call-flow-graph.tsx, loaded when the tab opens).
 */
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';
import type { PanelTab } from '../tabbed-form/tabbed-form.tsx';
import type { CallFlowGraphProps } from './call-flow-graph.tsx';

const CallFlowGraph = lazy(() => import('./call-flow-graph.tsx'));

/** The graph, loaded on demand; a trace's steps highlighted when given. */
export function CallFlowPanel(props: CallFlowGraphProps) {
  return (
    <Suspense fallback={<CircularProgress aria-label="Loading the call flow" />}>
      <CallFlowGraph {...props} />
    </Suspense>
  );
}

/**
 * The graph's layout worker started and warmed for the session (graph-layout.ts prepareLayout), its
 * code loaded on demand: where a graph is about to be wanted.
 */
export function prepareGraph(): void {
  void import('./graph-layout.ts').then((m) => m.prepareLayout()).catch(() => undefined);
}

/** The tab (the graph's layout made ready as the tab is pointed at); `destination` gives the record's number or destination value. */
export function callFlowTab<R>(destination: (record: R) => string): PanelTab<R> {
  return {
    label: 'Call Flow',
    kind: 'panel',
    render: (record) => <CallFlowPanel destination={destination(record)} />,
    prepare: prepareGraph,
  };
}
