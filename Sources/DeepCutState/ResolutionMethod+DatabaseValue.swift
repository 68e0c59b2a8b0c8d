import DeepCutCore
import DeepCutSQLite

extension ResolutionMethod: DatabaseValueConvertible {}
