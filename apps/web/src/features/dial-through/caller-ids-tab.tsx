/**
 * The caller-ID authentication entries of a dial-through: callers ringing from these numbers are
 * recognised. Add one number, delete (confirmed); changing them is an update of the dial-through.
 */
import Typography from '@mui/material/Typography';
import { type DialThrough, dialThroughCliInput, dialThroughRoutes } from '@switchboard/domain';
import { call } from '../../platform/client.ts';
import { NumberEntries } from '../../platform/number-entries/number-entries.tsx';
import { clisSource, dialThroughKeys } from './api.ts';

const numberInput = dialThroughCliInput.pick({ number: true });

export function CallerIdsTab({ dialThrough }: { dialThrough: DialThrough }) {
  return (
    <NumberEntries
      resource="dialThrough"
      schema={numberInput}
      add={(number) => call(dialThroughRoutes.addCli, { body: { dialThroughId: dialThrough.id, number } })}
      invalidates={[dialThroughKeys.all]}
      source={clisSource(dialThrough.id)}
      tableKey="clis"
      remove={(c) => call(dialThroughRoutes.removeClis, { body: { id: c.id } })}
      intro={
        <Typography variant="body2" color="text.secondary">
          Callers ringing from these numbers are recognised by the dial through.
        </Typography>
      }
    />
  );
}
