export { SlidingWindowLimiter, type WindowDecision } from './sliding-window';
