import DeepCutCore

extension ResolutionMethod: DatabaseValueConvertible {}
