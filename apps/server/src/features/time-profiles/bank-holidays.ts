/** UK bank holidays: moved to the platform (direct debit's working days count them too). */
export * from '../../platform/bank-holidays.ts';
