/**
 * A titled group of a form's fields: a subtitle over them ('When open', 'Anonymous callers'); a
 * section after another (`below`) keeps a little space above its title.
 *
 *   <FieldSection title="When open" control={form.control} disabled={readOnly} fields={[...]} />
 */
import Typography from '@mui/material/Typography';
import type { FieldValues } from 'react-hook-form';
import { type FieldDef, FormFields } from './form-fields.tsx';
import type { FieldsControl } from './form-schema.ts';

export function FieldSection<V extends FieldValues>({
  title,
  below = false,
  ...fields
}: {
  title: string;
  below?: boolean;
  control: FieldsControl<V>;
  fields: FieldDef<V>[];
  disabled?: boolean;
}) {
  return (
    <>
      <Typography variant="subtitle2" sx={below ? { mt: 1 } : undefined}>
        {title}
      </Typography>
      <FormFields {...fields} />
    </>
  );
}
