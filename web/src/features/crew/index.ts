/** A leader's crew as other screens use it: editing, picking for an application, an admin's partial acceptance. */
export { useMyCrewQuery } from './api';
export { CrewDecision } from './components/CrewDecision';
export { CrewEditor } from './components/CrewEditor';
export { CrewInvitations } from './components/CrewInvitations';
export { CrewPicker, crewPickProblem } from './components/CrewPicker';
