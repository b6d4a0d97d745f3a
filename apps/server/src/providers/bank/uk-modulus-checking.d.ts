declare module 'uk-modulus-checking' {
  export default class UkModulusChecking {
    constructor(options: { accountNumber: string; sortCode: string });
    isValid(): boolean;
  }
}
