// wink-nlp's typings declare a token's `its` function as (index, token, cache, addons), but
// out() calls it as (index, rdd, addons), which is how its own helpers are written: its.lemma
// (index, rdd, addons) is refused by the declared type although out() accepts it. This adds the
// overload out() answers it with: the lemma, a string.
import type { ItsHelpers } from 'wink-nlp';

declare module 'wink-nlp' {
  interface ItemToken {
    out(itsf: ItsHelpers['lemma']): string;
  }
}
