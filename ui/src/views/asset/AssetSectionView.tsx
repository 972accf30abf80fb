import { AssetDocuments } from './AssetDocuments';
import { Checkout } from './Checkout';
import { Components } from './Components';
import { Connections } from './Connections';
import { Contracts } from './Contracts';
import { Financial } from './Financial';
import { Label } from './Label';
import { Ports } from './Ports';
import { Reservations } from './Reservations';
import { Software } from './Software';

interface Props {
  section: string;
  itemtype: string;
  id: number;
  editable: boolean;
  onChange: () => Promise<void>;
}

/** One section of an asset page (see ./sections.ts for which a type has). */
export function AssetSectionView({ section, itemtype, id, editable, onChange }: Props) {
  switch (section) {
    case 'components':
      return <Components itemtype={itemtype} id={id} />;
    case 'software':
      return <Software itemtype={itemtype} id={id} />;
    case 'ports':
      return <Ports itemtype={itemtype} id={id} />;
    case 'connections':
      return <Connections itemtype={itemtype} id={id} editable={editable} />;
    case 'financial':
      return <Financial itemtype={itemtype} id={id} />;
    case 'contracts':
      return <Contracts itemtype={itemtype} id={id} />;
    case 'documents':
      return <AssetDocuments itemtype={itemtype} id={id} />;
    case 'reservations':
      return <Reservations itemtype={itemtype} id={id} />;
    case 'checkout':
      return <Checkout itemtype={itemtype} id={id} editable={editable} onChange={onChange} />;
    case 'label':
      return <Label itemtype={itemtype} id={id} />;
    default:
      return null;
  }
}
