/** The Direct Debit wizard's submit body for the demo prepay holder (Barclays, a modulus-valid pair). */
export const directDebitSubmit = (changes: object = {}) => ({
  firstName: 'Priya',
  surname: 'Patel',
  company: 'Bella Hair Studio',
  telephone: '01134960000',
  line1: '2 Park Row',
  line2: '',
  city: 'Leeds',
  county: 'West Yorkshire',
  postCode: 'LS1 4AP',
  bankName: 'Barclays Bank',
  accountNumber: '41011166',
  sortCode: '20-00-00',
  accountHolder: 'Bella Hair Studio Ltd',
  onlySignatory: true,
  ...changes,
});
