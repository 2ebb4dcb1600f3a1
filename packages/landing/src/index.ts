export { VisitorLanding } from './VisitorLanding';
