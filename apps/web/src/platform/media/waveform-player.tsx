/**
 * An audio player with its waveform (wavesurfer.js, loaded with the first page that has one): the
 * recording's shape to click or drag in, Play / Pause, and a position slider that the keyboard
 * moves too (the waveform itself is a picture of the sound, hidden from assistive technology). The
 * audio streams from `url` (Range requests answered); a file that cannot be loaded says there is no
 * audio, never a blank box.
 *
 *   <WaveformPlayer url={recordingAudioUrl(id)} name="Call from 01214960000" />
 */
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@switchboard/domain';
import { useEffect, useRef, useState } from 'react';
import type WaveSurfer from 'wavesurfer.js';

/** Seconds as 'm:ss'. */
export function clockOf(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

interface PlayerState {
  ready: boolean;
  playing: boolean;
  failed: boolean;
  at: number;
  duration: number;
}

/** The wavesurfer instance over `container` for `url`, and what it tells of the playback. */
function useWaveSurfer(url: string, colours: { wave: string; progress: string }, onPlay?: () => void) {
  const container = useRef<HTMLDivElement>(null);
  const surfer = useRef<WaveSurfer | null>(null);
  // The latest onPlay, without re-creating the player when the caller's function changes.
  const played = useRef(onPlay);
  played.current = onPlay;
  const [state, setState] = useState<PlayerState>({ ready: false, playing: false, failed: false, at: 0, duration: 0 });
  useEffect(() => {
    let gone = false;
    let instance: WaveSurfer | null = null;
    setState({ ready: false, playing: false, failed: false, at: 0, duration: 0 });
    const patch = (p: Partial<PlayerState>) => {
      if (!gone) setState((s) => ({ ...s, ...p }));
    };
    import('wavesurfer.js')
      .then(({ default: WaveSurferClass }) => {
        if (gone || !container.current) return;
        // The player streams the address itself (Range requests), never a copy as a blob: URL (which
        // the panel's Content Security Policy refuses): wavesurfer keeps a media element whose source
        // is already the address it is given, and only reads the file for the waveform's shape.
        const address = new URL(url, window.location.href).href;
        const media = new Audio();
        media.preload = 'metadata';
        media.src = address;
        instance = WaveSurferClass.create({
          container: container.current,
          url: address,
          media,
          height: 72,
          waveColor: colours.wave,
          progressColor: colours.progress,
          cursorColor: colours.progress,
          barWidth: 2,
          barGap: 1,
          barRadius: 2,
          normalize: true,
          dragToSeek: true,
          fetchParams: { credentials: 'same-origin' },
        });
        surfer.current = instance;
        instance.on('ready', (duration) => patch({ ready: true, duration }));
        instance.on('timeupdate', (at) => patch({ at }));
        instance.on('play', () => {
          patch({ playing: true });
          played.current?.();
        });
        instance.on('pause', () => patch({ playing: false }));
        instance.on('finish', () => patch({ playing: false }));
        instance.on('error', () => patch({ failed: true }));
      })
      .catch(() => patch({ failed: true }));
    return () => {
      gone = true;
      instance?.destroy();
      surfer.current = null;
    };
  }, [url, colours.wave, colours.progress]);
  return { container, surfer, state };
}

/** `onPlay`: told each time playback starts (a voicemail message heard is filed as old). */
export function WaveformPlayer({ url, name, onPlay }: { url: string; name: string; onPlay?: () => void }) {
  const theme = useTheme();
  const colours = { wave: theme.palette.grey[400], progress: theme.palette.primary.main };
  const { container, surfer, state } = useWaveSurfer(url, colours, onPlay);
  if (state.failed) return <Alert severity="info">{MESSAGES.noAudio}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 1, maxWidth: 720 }}>
      <Box
        ref={container}
        aria-hidden
        sx={{ minHeight: 72, width: '100%' }}
        data-testid="waveform"
        data-drawn={state.ready ? 'true' : 'false'}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <IconButton
          color="primary"
          disabled={!state.ready}
          aria-label={state.playing ? `Pause ${name}` : `Play ${name}`}
          onClick={() => void surfer.current?.playPause()}
        >
          {state.playing ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
        <Slider
          size="small"
          min={0}
          max={Math.max(state.duration, 0.01)}
          step={0.1}
          value={Math.min(state.at, state.duration)}
          disabled={!state.ready}
          onChange={(_event, value) => {
            if (typeof value === 'number') surfer.current?.setTime(value);
          }}
          aria-label="Position"
          getAriaValueText={clockOf}
          valueLabelDisplay="off"
          sx={{ flexGrow: 1 }}
        />
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {clockOf(state.at)} / {clockOf(state.duration)}
        </Typography>
      </Box>
    </Box>
  );
}
