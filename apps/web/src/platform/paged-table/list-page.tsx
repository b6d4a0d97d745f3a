/**
 * A list page (spec 1 §2 "Shared list screens"): the page heading, an optional line under it, and
 * the paged table.
 *
 *   <ListPage title="Access Lists" source={accessLists.list} resource="acl" columns={[...]} ... />
 */
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { PagedTable, type PagedTableProps } from './paged-table.tsx';

export type ListPageProps<
  T extends { id: number },
  AV extends FieldValues,
  AO extends FieldValues,
  EV extends FieldValues,
  EU extends Record<string, unknown>,
> = PagedTableProps<T, AV, AO, EV, EU> & {
  title: string;
  /** Shown between the heading and the table (e.g. what the list means). */
  intro?: ReactNode;
};

export function ListPage<
  T extends { id: number },
  AV extends FieldValues = FieldValues,
  AO extends FieldValues = FieldValues,
  EV extends FieldValues = FieldValues,
  EU extends Record<string, unknown> = Record<string, unknown>,
>({ title, intro, ...table }: ListPageProps<T, AV, AO, EV, EU>) {
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      {intro}
      <PagedTable<T, AV, AO, EV, EU> {...table} />
    </>
  );
}
