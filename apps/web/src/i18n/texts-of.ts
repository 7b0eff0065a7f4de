/** The shape of a feature's texts in any language, from its English texts: the same keys, any strings. */
export type TextsOf<T> = { [K in keyof T]: T[K] extends string ? string : TextsOf<T[K]> };
