/**
 * A media item's player: the browser's audio controls over the item's audio route (streamed, Range
 * requests answered), or the message that there is no audio when the file is missing.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { fillPath, MESSAGES, type RouteContract } from '@switchboard/domain';
import { useState } from 'react';
import { API_BASE } from '../api.ts';

export function MediaPlayer({ route, id, name }: { route: RouteContract; id: number | string; name: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <Alert severity="info">{MESSAGES.noAudio}</Alert>;
  return (
    <Box sx={{ '& audio': { width: '100%', maxWidth: 480 } }}>
      {/* biome-ignore lint/a11y/useMediaCaption: recorded music and prompts have no captions to offer. */}
      <audio
        controls
        preload="metadata"
        aria-label={`Play ${name}`}
        src={`${API_BASE}${fillPath(route.path, { id })}`}
        onError={() => setFailed(true)}
      />
    </Box>
  );
}
