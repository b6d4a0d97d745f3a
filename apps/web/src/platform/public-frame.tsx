/** The frame of the public pages: a card in the middle of the page, as the sign-in page. */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function PublicFrame({ title, width = 440, children }: { title: string; width?: number; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: { xs: 1, sm: 3 } }}>
      <Card sx={{ width: '100%', maxWidth: width }} elevation={3}>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography variant="overline" color="primary" component="p">
            Control Panel
          </Typography>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
