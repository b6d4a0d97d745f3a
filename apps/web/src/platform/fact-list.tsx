/**
 * A record's facts as a description list: each term beside its value in two columns (a media item's,
 * a recording's, a voicemail message's details). Long values wrap anywhere rather than widen the page.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function FactList({ facts }: { facts: ReadonlyArray<readonly [string, string]> }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0, minWidth: 0 }}
    >
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
