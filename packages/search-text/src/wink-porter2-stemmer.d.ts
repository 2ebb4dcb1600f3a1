declare module 'wink-porter2-stemmer' {
  /** Porter2 (Snowball English) stem of one lower-case word. */
  const stem: (word: string) => string;
  export default stem;
}
