/** The maturity levels' names and descriptions, and how a level is labelled. */
export default {
  'level.0.name': 'None',
  'level.1.name': 'Some',
  'level.2.name': 'Advanced',
  'level.3.name': 'Mature',
  'level.0.description': 'Little automation in use',
  'level.1.description': 'Basic automation beginning',
  'level.2.description': 'Systematic automation approach',
  'level.3.description': 'Fully mature automation',
  'level.label': 'Level {level}: {name}',
  'level.ofThree': 'Level {level} of 3',
} as const;
