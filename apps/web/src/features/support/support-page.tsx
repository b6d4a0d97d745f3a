/**
 * /support (spec 3 §2, §6, §9): how to reach the provider — e-mail, live chat (the button only for
 * account 10000 or a top-level account, enabled 09:00-17:30 UK time, saying when it opens otherwise),
 * phone (24/7), postal address — and the help videos as links (never an embed that breaks when the
 * video site cannot be reached). All from the provider's settings; a provider admin edits them below.
 */
import ChatIcon from '@mui/icons-material/Chat';
import EmailIcon from '@mui/icons-material/Email';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import PhoneIcon from '@mui/icons-material/Phone';
import PlaceIcon from '@mui/icons-material/Place';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  isProviderAdmin,
  liveChatState,
  SUPPORT_MESSAGES,
  type SupportReply,
  supportRoutes,
} from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { Hint } from '../../platform/hint.tsx';
import { useSession } from '../../platform/session-context.ts';
import { SupportSettingsForm } from './support-settings-form.tsx';

export const supportKeys = { all: ['support'] as const };

/** The time now, moving on every half minute (the live chat's hours). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main' }}>
          {icon}
          <Typography variant="h6" component="h2" color="text.primary">
            {title}
          </Typography>
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

function LiveChat({ support }: { support: SupportReply }) {
  const state = liveChatState(useNow());
  return (
    <ContactCard icon={<ChatIcon />} title="Live Chat">
      <Typography variant="body2">Open {support.liveChatHours}</Typography>
      <Box>
        {state.open ? (
          <Button
            variant="contained"
            startIcon={<ChatIcon />}
            component="a"
            href={support.liveChatUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            Start Live Chat
          </Button>
        ) : (
          <Button variant="contained" startIcon={<ChatIcon />} disabled>
            Start Live Chat
          </Button>
        )}
      </Box>
      {!state.open && <Hint>{state.message}</Hint>}
    </ContactCard>
  );
}

function HelpVideos() {
  const videos = useQuery({
    queryKey: [...supportKeys.all, 'videos'],
    queryFn: () => call(supportRoutes.videos),
  });
  return (
    <ContactCard icon={<OndemandVideoIcon />} title="Help Videos">
      {videos.isPending && <CircularProgress aria-label="Loading" size={20} />}
      {videos.isError && <Alert severity="error">{errorMessage(videos.error)}</Alert>}
      {videos.data && videos.data.records.length === 0 && <Hint>No help videos yet.</Hint>}
      {videos.data && videos.data.records.length > 0 && (
        <>
          <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
            {videos.data.records.map((v, i) => (
              <li key={v.id}>
                <Link href={v.url} target="_blank" rel="noopener noreferrer">
                  Help video {i + 1}
                </Link>
              </li>
            ))}
          </Box>
          <Hint>{SUPPORT_MESSAGES.videosAsLinks}</Hint>
        </>
      )}
    </ContactCard>
  );
}

function SupportDetails({ support }: { support: SupportReply }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
      <ContactCard icon={<EmailIcon />} title="E-mail">
        <Link href={`mailto:${support.email}`} sx={{ overflowWrap: 'anywhere' }}>
          {support.email}
        </Link>
      </ContactCard>
      <ContactCard icon={<PhoneIcon />} title="Phone">
        <Link href={`tel:${support.phone.replace(/\s+/g, '')}`}>{support.phone}</Link>
        <Typography variant="body2">{support.phoneHours}</Typography>
      </ContactCard>
      {support.liveChatShown && <LiveChat support={support} />}
      <ContactCard icon={<PlaceIcon />} title="Postal Address">
        <Box component="address" sx={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>
          {support.postalAddress.split(/,\s*/).join('\n')}
        </Box>
      </ContactCard>
      <HelpVideos />
    </Box>
  );
}

export default function SupportPage() {
  const { session, impersonating } = useSession();
  const support = useQuery({ queryKey: [...supportKeys.all, 'page'], queryFn: () => call(supportRoutes.read) });
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h4" component="h1">
          Support
        </Typography>
        <Typography variant="body2" color="text.secondary">
          How to reach us when you need help.
        </Typography>
      </Box>
      {support.isPending && <CircularProgress aria-label="Loading" />}
      {support.isError && <Alert severity="error">{errorMessage(support.error)}</Alert>}
      {support.data && <SupportDetails support={support.data} />}
      {isProviderAdmin(session) && !impersonating && <SupportSettingsForm />}
    </Box>
  );
}
