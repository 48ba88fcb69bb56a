import { EstateMobasList } from './EstateMobasList';

/** /estate/past-mobas: finished and closed mobas, each leading to rating its workers. */
export default function EstatePastMobasPage() {
  return <EstateMobasList only="past" />;
}
