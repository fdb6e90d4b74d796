// Regression corpora, shard 3 of 4 (see helpers/regression-corpora.ts).
import { describeRegressionShard } from './helpers/regression-corpora';

describeRegressionShard(3);
