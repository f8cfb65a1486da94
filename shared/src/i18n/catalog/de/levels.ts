import type { MessagesOf } from '../types.js';
import type levels from '../en/levels.js';

export default {
  'level.0.name': 'Keine',
  'level.1.name': 'Erste',
  'level.2.name': 'Fortgeschritten',
  'level.3.name': 'Ausgereift',
  'level.0.description': 'Kaum Automatisierung im Einsatz',
  'level.1.description': 'Erste Automatisierung im Aufbau',
  'level.2.description': 'Systematischer Automatisierungsansatz',
  'level.3.description': 'Vollständig ausgereifte Automatisierung',
  'level.label': 'Stufe {level}: {name}',
  'level.ofThree': 'Stufe {level} von 3',
} satisfies MessagesOf<typeof levels>;
