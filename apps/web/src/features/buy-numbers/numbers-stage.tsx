/** The wizard's Numbers stage: a run of up to 100 consecutive numbers, numbers picked one by one, or vanity numbers by class. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { MAX_RANGE_SIZE, VANITY_CLASSES, vanityClassLabel } from '@switchboard/domain';
import { errorMessage } from '../../platform/api.ts';
import { useBlocks, useVanity } from './api.ts';
import { consecutive, type Selection, type SelectionChange } from './wizard-state.ts';

interface StageProps {
  selection: Selection;
  change: (c: SelectionChange) => void;
}

/** The free numbers shown to pick from, at most. */
const PICKABLE = 30;
/** The runs offered in range mode, at most. */
const RUNS = 12;

/** Where a run of `size` free numbers can start: each free block cut into runs of that size. */
function runStarts(blocks: readonly { start: string; amount: number }[], size: number): string[] {
  const starts: string[] = [];
  for (const b of blocks) {
    for (let k = 0; (k + 1) * size <= b.amount && starts.length < RUNS; k++) {
      starts.push(consecutive(b.start, k * size + 1).at(-1) ?? b.start);
    }
  }
  return starts;
}

const toggle = (list: readonly string[], value: string) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value].sort();

export function NumbersStage({ selection, change }: StageProps) {
  if (selection.type === 'VAN') return <VanityNumbers selection={selection} change={change} />;
  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={selection.mode}
        onChange={(_, mode) => mode && change({ kind: 'mode', mode })}
        aria-label="How to choose"
      >
        <ToggleButton value="range">A range of numbers</ToggleButton>
        <ToggleButton value="pick">Choose numbers</ToggleButton>
      </ToggleButtonGroup>
      {selection.mode === 'range' ? (
        <RangeNumbers selection={selection} change={change} />
      ) : (
        <PickNumbers selection={selection} change={change} />
      )}
    </Stack>
  );
}

function RangeNumbers({ selection, change }: StageProps) {
  const blocks = useBlocks(selection.region, selection.range, true);
  const chosen = selection.numbers[0] ?? '';
  return (
    <>
      <Box sx={{ px: 1 }}>
        <Typography id="range-size" gutterBottom>
          Range size: {selection.range}
        </Typography>
        <Slider
          aria-labelledby="range-size"
          min={1}
          max={MAX_RANGE_SIZE}
          value={selection.range}
          valueLabelDisplay="auto"
          onChange={(_, v) => change({ kind: 'range', range: Array.isArray(v) ? (v[0] ?? 1) : v })}
        />
      </Box>
      {blocks.isPending && <LinearProgress aria-label="Loading numbers" />}
      {blocks.isError && <Alert severity="error">{errorMessage(blocks.error)}</Alert>}
      {blocks.data && blocks.data.records.length === 0 && (
        <Alert severity="info">No run of {selection.range} free numbers in this region; try a smaller range.</Alert>
      )}
      {blocks.data && blocks.data.records.length > 0 && (
        <RadioGroup
          aria-label="Free numbers"
          value={chosen}
          onChange={(e) => change({ kind: 'numbers', numbers: consecutive(e.target.value, selection.range) })}
        >
          {runStarts(blocks.data.records, selection.range).map((start) => (
            <FormControlLabel
              key={start}
              value={start}
              control={<Radio />}
              label={selection.range === 1 ? start : `${start} – ${consecutive(start, selection.range).at(-1)}`}
            />
          ))}
        </RadioGroup>
      )}
    </>
  );
}

function PickNumbers({ selection, change }: StageProps) {
  const blocks = useBlocks(selection.region, 1, true);
  if (blocks.isPending) return <LinearProgress aria-label="Loading numbers" />;
  if (blocks.isError) return <Alert severity="error">{errorMessage(blocks.error)}</Alert>;
  const free = blocks.data.records
    .flatMap((b) => consecutive(b.start, Math.min(b.amount, PICKABLE)))
    .slice(0, PICKABLE);
  return (
    <FormGroup
      role="group"
      aria-label="Free numbers"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}
    >
      {free.map((n) => (
        <FormControlLabel
          key={n}
          label={n}
          control={
            <Checkbox
              checked={selection.numbers.includes(n)}
              disabled={!selection.numbers.includes(n) && selection.numbers.length >= MAX_RANGE_SIZE}
              onChange={() => change({ kind: 'numbers', numbers: toggle(selection.numbers, n) })}
            />
          }
        />
      ))}
    </FormGroup>
  );
}

function VanityNumbers({ selection, change }: StageProps) {
  const vanity = useVanity(selection.region, selection.classes, selection.filter, true);
  const classes = Object.entries(VANITY_CLASSES).map(([id, label]) => ({ id: Number(id), label }));
  return (
    <Stack spacing={1.5}>
      <FormGroup row role="group" aria-label="Classes">
        {classes.map((c) => (
          <FormControlLabel
            key={c.id}
            label={c.label}
            control={
              <Checkbox
                checked={selection.classes.includes(c.id)}
                onChange={() =>
                  change({
                    kind: 'classes',
                    classes: selection.classes.includes(c.id)
                      ? selection.classes.filter((x) => x !== c.id)
                      : [...selection.classes, c.id].sort(),
                  })
                }
              />
            }
          />
        ))}
      </FormGroup>
      <TextField
        label="Filter"
        size="small"
        helperText="Digits the number holds"
        value={selection.filter}
        onChange={(e) => change({ kind: 'filter', filter: e.target.value.replace(/\D/g, '').slice(0, 14) })}
      />
      {vanity.isPending && selection.classes.length > 0 && <LinearProgress aria-label="Loading numbers" />}
      {vanity.isError && <Alert severity="error">{errorMessage(vanity.error)}</Alert>}
      {vanity.data && vanity.data.records.length === 0 && <Alert severity="info">No vanity numbers match.</Alert>}
      <FormGroup role="group" aria-label="Vanity numbers">
        {vanity.data?.records.map((v) => (
          <FormControlLabel
            key={v.number}
            label={`${v.number} — ${vanityClassLabel(v.class)}, setup £${v.setup}`}
            control={
              <Checkbox
                checked={selection.numbers.includes(v.number)}
                onChange={() => change({ kind: 'numbers', numbers: toggle(selection.numbers, v.number) })}
              />
            }
          />
        ))}
      </FormGroup>
    </Stack>
  );
}
