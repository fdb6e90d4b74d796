// Regression corpora, shard 1 of 4 (see helpers/regression-corpora.ts).
import { describeRegressionShard } from './helpers/regression-corpora';

describeRegressionShard(1);
