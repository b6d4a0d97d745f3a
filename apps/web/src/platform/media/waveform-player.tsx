/**
 * An audio player with its waveform (wavesurfer.js) over the browser's own audio element, which
 * streams the file (Range requests answered by the server): Play / Pause, the time, a click on the
 * waveform seeks. Voicemail messages and greetings; call recordings may use it too.
 *
 *   <WaveformPlayer src={`${API_BASE}/voicemail/30000*201/messages/7`} name="Message from Dave" onPlay={markOld} />
 */
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@switchboard/domain';
import { useEffect, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';

const clock = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** Bars of the waveform: the loudest sample of each slice of the audio. */
const BARS = 800;

/** The audio at `url` decoded by the browser: its peaks (first channel) and its length in seconds. */
async function peaksOf(url: string): Promise<{ peaks: number[]; duration: number }> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`audio ${response.status}`);
  const context = new AudioContext();
  try {
    const decoded = await context.decodeAudioData(await response.arrayBuffer());
    const samples = decoded.getChannelData(0);
    const size = Math.max(1, Math.floor(samples.length / BARS));
    const peaks: number[] = [];
    for (let at = 0; at < samples.length; at += size) {
      let peak = 0;
      for (let i = at; i < Math.min(at + size, samples.length); i++) peak = Math.max(peak, Math.abs(samples[i] ?? 0));
      peaks.push(peak);
    }
    return { peaks, duration: decoded.duration };
  } finally {
    void context.close();
  }
}

export interface WaveformPlayerProps {
  /** The audio's URL. */
  src: string;
  /** What is played (the controls' accessible names). */
  name: string;
  /** Called when playing starts (e.g. a new voicemail is filed as old). */
  onPlay?: () => void;
}

/** The waveform and its audio element: the element plays, wavesurfer draws and seeks. */
function useWaveform(src: string, onPlay?: () => void) {
  const theme = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const played = useRef(onPlay);
  played.current = onPlay;
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState({ at: 0, of: 0 });
  const [failed, setFailed] = useState(false);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const media = audio.current;
    const box = container.current;
    if (!box || !media) return;
    let surfer: WaveSurfer | undefined;
    let stopped = false;
    // The waveform from peaks read here: wavesurfer's own loading would play a blob: URL, which the
    // panel's Content Security Policy (media from 'self' only) refuses; the element streams `src`.
    void peaksOf(src)
      .then(({ peaks, duration }) => {
        if (stopped) return;
        surfer = WaveSurfer.create({
          container: box,
          media,
          peaks: [peaks],
          duration,
          height: 64,
          barWidth: 2,
          barGap: 1,
          barRadius: 2,
          waveColor: theme.palette.grey[400],
          progressColor: theme.palette.primary.main,
          cursorColor: theme.palette.primary.dark,
        });
        setDrawn(true);
        setTime({ at: 0, of: duration });
        surfer.on('timeupdate', (at) => setTime((t) => ({ ...t, at })));
        surfer.on('play', () => {
          setPlaying(true);
          played.current?.();
        });
        surfer.on('pause', () => setPlaying(false));
        surfer.on('finish', () => setPlaying(false));
      })
      .catch(() => {
        if (!stopped) setFailed(true);
      });
    return () => {
      stopped = true;
      surfer?.destroy();
    };
  }, [src, theme]);
  const toggle = () => {
    const media = audio.current;
    if (!media) return;
    if (media.paused) void media.play().catch(() => setFailed(true));
    else media.pause();
  };
  return { container, audio, playing, time, failed, drawn, toggle };
}

export function WaveformPlayer({ src, name, onPlay }: WaveformPlayerProps) {
  const w = useWaveform(src, onPlay);
  if (w.failed) return <Alert severity="info">{MESSAGES.noAudio}</Alert>;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%', maxWidth: 640 }}>
      <IconButton
        onClick={w.toggle}
        aria-label={w.playing ? `Pause ${name}` : `Play ${name}`}
        color="primary"
        sx={{ border: 1, borderColor: 'divider' }}
      >
        {w.playing ? <PauseIcon /> : <PlayArrowIcon />}
      </IconButton>
      <Box
        ref={w.container}
        data-testid="waveform"
        data-drawn={w.drawn ? 'true' : 'false'}
        role="img"
        aria-label={`Waveform of ${name}`}
        sx={{ flexGrow: 1, minWidth: 0, cursor: 'pointer' }}
      />
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      >
        {clock(w.time.at)} / {clock(w.time.of)}
      </Typography>
      {/* biome-ignore lint/a11y/useMediaCaption: voicemail and recordings have no captions to offer. */}
      <audio ref={w.audio} preload="metadata" src={src} aria-label={name} />
    </Box>
  );
}
