// Portfolio clusters and their snapshot diff (spec 4.5, DECISIONS "Portfolio clusters").

/** The queries (packages/services/src/portfolio/filters.ts, which types PortfolioQuery from them). */
export {
  portfolioDiffQuerySchema as portfolioDiffQuery,
  portfolioQuerySchema as portfolioQuery,
} from '@auditsvc/services';

/** The answers (packages/services/src/portfolio/service.ts: PortfolioAnswer, PortfolioDiff). */
export {
  portfolioAnswerSchema as portfolioResponse,
  portfolioDiffSchema as portfolioDiffResponse,
} from '@auditsvc/services';
