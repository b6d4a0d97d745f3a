/** The routing engine: the one place the routing rules live (pure: no database, no I/O). */
export { type Call, MAX_DEPTH, MAX_STEPS, routeCall } from './engine.ts';
export * from './estate.ts';
export {
  graphNodeId,
  MAX_GRAPH_NODES,
  type RoutingGraph,
  type RoutingGraphEdge,
  type RoutingGraphNode,
  routingGraph,
  routingGraphSchema,
} from './graph.ts';
export {
  LINT_KINDS,
  type LintFinding,
  type LintKind,
  lintEstate,
  lintFinding,
  loopWords,
  objectWords,
  type RoutingLoop,
  routingLoops,
} from './lint.ts';
export * from './steps.ts';
export { type TimeProfileDecision, timeProfileDecision, timeProfileStatusAt } from './time-profile.ts';
export { dateAtTime, scheduleWords } from './words.ts';
