/** A file picker with the spec's checks: accepted types (a .csv name counts as text/csv) and size. */

import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { formatBytes, MESSAGES, UPLOAD_MAX_BYTES } from '@switchboard/domain';
import { useId } from 'react';

/** The type the spec counts for a file: its MIME type, or text/csv for a .csv name. */
export function effectiveType(file: File): string {
  if (file.name.toLowerCase().endsWith('.csv')) return 'text/csv';
  return file.type;
}

/** Client-side checks; the server checks again (size while streaming, type by content). */
export function checkFile(file: File, accept: string[], maxBytes = UPLOAD_MAX_BYTES): string | null {
  if (!accept.includes(effectiveType(file))) return MESSAGES.invalidFileFormat;
  if (file.size === 0) return MESSAGES.fileEmpty;
  if (file.size > maxBytes) return MESSAGES.fileTooLarge(formatBytes(maxBytes), formatBytes(file.size));
  return null;
}

interface FileFieldProps {
  label: string;
  accept: string[];
  file: File | null;
  error?: string | null;
  onChange: (file: File | null, error: string | null) => void;
}

export function FileField({ label, accept, file, error, onChange }: FileFieldProps) {
  const id = useId();
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button component="label" htmlFor={id} variant="outlined" startIcon={<UploadFileIcon />}>
          {label}
        </Button>
        <input
          id={id}
          type="file"
          hidden
          aria-label={label}
          accept={[...accept, ...(accept.includes('text/csv') ? ['.csv'] : [])].join(',')}
          onChange={(e) => {
            const f = e.target.files?.[0] ?? null;
            onChange(f, f ? checkFile(f, accept) : null);
            e.target.value = '';
          }}
        />
        <Typography variant="body2" color="text.secondary">
          {file ? `${file.name} (${formatBytes(file.size)})` : MESSAGES.noFileChosen}
        </Typography>
      </Box>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
