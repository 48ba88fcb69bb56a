import { EstateMobasList } from './EstateMobasList';

/** /estate/my-mobas: active and past mobas, approved applicants, delete after confirmation. */
export default function EstateMyMobasPage() {
  return <EstateMobasList />;
}
