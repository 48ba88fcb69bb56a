import { EstateMobasList } from './EstateMobasList';

/** /estate/past-mobas: finished mobas, each leading to rating its workers. */
export default function EstatePastMobasPage() {
  return <EstateMobasList only="past" />;
}
