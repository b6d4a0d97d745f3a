/**
 * A trace's steps in plain words: each step's object (a link to its page), the rule that decided,
 * and under it the alternatives that depend on the call, each with the steps that follow it.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { RouteAlternative, RouteStep, RoutingObject } from '@switchboard/domain';
import { Link as RouterLink } from 'react-router';
import { TYPE_LABELS } from '../../platform/routing-graph/graph-elements.ts';
import { pageOf } from './api.ts';

const STOPS = new Set(['loop', 'limit', 'missing', 'nowhere', 'numberRejected']);

function ObjectName({ object }: { object: RoutingObject }) {
  const page = pageOf(object);
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip size="small" label={TYPE_LABELS[object.type]} variant="outlined" />
      {page ? (
        <Link component={RouterLink} to={page} sx={{ fontWeight: 600 }}>
          {object.name}
        </Link>
      ) : (
        <Typography variant="body1" sx={{ fontWeight: 600 }}>
          {object.name}
        </Typography>
      )}
    </Box>
  );
}

function Alternative({ alternative, depth }: { alternative: RouteAlternative; depth: number }) {
  return (
    <Box component="li" sx={{ listStyle: 'none', borderLeft: 2, borderColor: 'divider', pl: 1.5, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {alternative.text}
      </Typography>
      {alternative.steps.length > 0 && <TraceSteps steps={alternative.steps} depth={depth + 1} />}
    </Box>
  );
}

/** Each step's key: its object and rule, numbered when the path repeats them (an IVR after an invalid key). */
function keysOf(steps: RouteStep[]): string[] {
  const seen = new Map<string, number>();
  return steps.map((s) => {
    const base = `${s.object.value}-${s.rule.kind}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return `${base}-${n}`;
  });
}

export function TraceSteps({ steps, depth = 0 }: { steps: RouteStep[]; depth?: number }) {
  const keys = keysOf(steps);
  return (
    <Box
      component="ol"
      sx={{ m: 0, pl: depth === 0 ? 0 : 1, display: 'grid', gap: 1 }}
      aria-label={depth === 0 ? 'Steps' : undefined}
    >
      {steps.map((step, i) => (
        <Box
          component="li"
          key={keys[i]}
          data-kind={step.rule.kind}
          sx={{
            listStyle: 'none',
            p: 1.5,
            borderRadius: 1,
            border: 1,
            borderColor: STOPS.has(step.rule.kind) ? 'warning.main' : 'divider',
            minWidth: 0,
          }}
        >
          <ObjectName object={step.object} />
          <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {step.rule.text}
          </Typography>
          {step.alternatives.length > 0 && (
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 0, display: 'grid', gap: 0.5 }} aria-label="Alternatives">
              {step.alternatives.map((a) => (
                <Alternative key={`${a.condition}-${a.key}`} alternative={a} depth={depth} />
              ))}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
