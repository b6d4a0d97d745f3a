/**
 * The table columns of a field declaration (the domain's declareFields), as types: a table type
 * extends them and states after them only what the declaration does not give. Apart from the
 * server's field-map side (platform/declared-fields.ts) so that db/schema.ts may use it too.
 */
import type { FieldDeclarations } from '@switchboard/domain';
import type { ColumnType, Generated } from 'kysely';
import type { z } from 'zod';

/** 'vmFullname' → 'vm_fullname', as a type (the domain's snakeCase). */
export type SnakeCase<S extends string> = S extends `${infer C}${infer Rest}`
  ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${SnakeCase<Rest>}`
  : S;

type ColumnName<K extends string, M> = M extends { column: infer C extends string } ? C : SnakeCase<K>;
type Stored<S extends z.ZodType> =
  z.output<S> extends object | null ? ColumnType<z.output<S>, string, string> : z.output<S>;
/** A field with a default in its input has one in its table (optional in an insert). */
type ColumnOf<S extends z.ZodType> = S extends z.ZodDefault ? Generated<z.output<S>> : Stored<S>;

/** The table columns of a declaration's fields (after `Prefix`), of the types their inputs give. */
export type DeclaredColumns<F, Prefix extends string = ''> =
  F extends FieldDeclarations<infer D>
    ? { [K in keyof D & string as `${Prefix}${ColumnName<K, D[K]['meta']>}`]: ColumnOf<D[K]['schema']> }
    : never;
